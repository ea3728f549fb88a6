import { type ActionAnswer, nodeApi } from "../../entities/dnode/node-api";

/**
 * What POST /api/dnode/call_action/{id}/{start|pause|finish} answers (docs/API.md "Processes"): its
 * `dnodes` are every process whose status or times changed (the target, paused siblings, ancestors).
 */
export type ProcessAnswer = ActionAnswer;

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
    const page = await nodeApi.groupPage(id, CHILD_GROUPS, 200);
    return page.related_nodes.filter((n) => n.type === "PROCESS" && n.parent_id === id);
  },
  act: (id: number, action: ProcessAction | DeliveryAction) =>
    nodeApi.callAction<ProcessAnswer>(id, action, {}),
  /** The newest 20 nodes the caller made between the two times, without the process's own subtree. */
  timeline: (id: number, start: string, end: string) =>
    nodeApi.callAction<{ success: boolean; result: TimelineItem[] }>(id, "get_processes_in_timerange", {
      start_time: start,
      end_time: end,
      exclude_descendants: true,
    }),
};
