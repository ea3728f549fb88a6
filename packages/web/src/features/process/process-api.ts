import { api } from "../../api/client";
import type { Dnode } from "../outliner/types";

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

/** One node made while a process ran (get_processes_in_timerange). */
export interface TimelineItem {
  id: number;
  name: string;
  type?: string;
  created_at: string;
}

export const processApi = {
  act: (id: number, action: ProcessAction) =>
    api.post<ProcessAnswer>(`/dnode/call_action/${id}/${action}`, {}),
  /** The newest 20 nodes the caller made between the two times, without the process's own subtree. */
  timeline: (id: number, start: string, end: string) =>
    api.post<{ success: boolean; result: TimelineItem[] }>(
      `/dnode/call_action/${id}/get_processes_in_timerange`,
      { start_time: start, end_time: end, exclude_descendants: true },
    ),
};
