import type { QueryClient } from "@tanstack/react-query";
import { dialogueKeys } from "./api";

/**
 * Live updates that concern dialogues: a DIALOGUE node's new summary, or a message (a process carrying
 * `dialogue_id`). The realtime layer calls this for every batch of changed nodes, so the message list,
 * the header's unread count and an open dialogue read again (the server sends a sent message to every
 * participant, watching or not).
 */
export function dialogueNodesChanged(
  nodes: Array<{ type?: string; content?: Record<string, unknown> }>,
  queryClient: QueryClient,
): void {
  if (!nodes.some((n) => n.type === "DIALOGUE" || n.content?.dialogue_id !== undefined)) return;
  void queryClient.invalidateQueries({ queryKey: dialogueKeys.all });
}
