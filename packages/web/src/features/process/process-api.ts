import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";

/** What POST /api/dnode/call_action/{id}/{start|pause|finish} answers (docs/API.md "Processes"). */
export interface ProcessAnswer {
  success: boolean;
  message: string;
  deleted_dnode_ids: number[];
  /** Every process whose status or times changed: the target, paused siblings, ancestors. */
  dnodes: Dnode[];
  task_id: string | null;
}

export type ProcessAction = "start" | "pause" | "finish";
/** What an agent delivered, accepted or rejected (workspace-spec 4; docs/API.md "Processes"). */
export type DeliveryAction = "accept_delivery" | "reject_delivery";

/** One node made while a process ran (get_processes_in_timerange). */
export interface TimelineItem {
  id: number;
  name: string;
  type?: string;
  created_at: string;
}

/** The child-process groups of a process (docs/API.md "Processes"). */
const CHILD_GROUPS = ["SUBPROCESS", "CHILD_NODE"];

export const processApi = {
  /** The first 200 children of each child group that are processes (the chart of a process's time). */
  childProcesses: async (id: number) => {
    const page = await api.get<{ related_nodes: Dnode[] }>(`/dnode/${id}/relations_with_data/`, {
      page_size: 200,
      relation_names: CHILD_GROUPS.join(","),
    });
    return page.related_nodes.filter((n) => n.type === "PROCESS" && n.parent_id === id);
  },
  act: (id: number, action: ProcessAction | DeliveryAction) =>
    api.post<ProcessAnswer>(`/dnode/call_action/${id}/${action}`, {}),
  /** The newest 20 nodes the caller made between the two times, without the process's own subtree. */
  timeline: (id: number, start: string, end: string) =>
    api.post<{ success: boolean; result: TimelineItem[] }>(
      `/dnode/call_action/${id}/get_processes_in_timerange`,
      { start_time: start, end_time: end, exclude_descendants: true },
    ),
};
