import { type ProcessPlan, planFinish, planPause, planStart } from "@zhishu/shared";
import type { Tx } from "../../db/client";
import { updateNodeRows } from "../nodes/write";
import { loadFamily, lockProcessTree } from "./family";

export type ProcessAction = "start" | "pause" | "finish";

const PLANNERS = {
  start: (family, now, below) => planStart(family, now, below),
  pause: (family, now) => planPause(family, now),
  finish: (family, now) => planFinish(family, now),
} satisfies Record<ProcessAction, (...args: Parameters<typeof planStart>) => ProcessPlan>;

/** Content after a patch: keys merge, a null value removes its key. */
function patched(content: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const next = { ...content };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * start / pause / finish on a process, in the caller's write transaction: the tree lock, the family read
 * under it (its rows locked), the machine's plan (shared/process.ts), and every changed process written
 * through the one writer (history, event) in one statement. Answers the ids of every process whose status
 * or times changed.
 */
export async function applyProcessAction(
  tx: Tx,
  userId: number,
  processId: number,
  action: ProcessAction,
  now = new Date(),
): Promise<number[]> {
  await lockProcessTree(tx, processId);
  const { family, below, rows } = await loadFamily(tx, processId);
  const plan = PLANNERS[action](family, now.toISOString(), below);
  const edits = [...plan].flatMap(([id, patch]) => {
    const node = rows.get(id);
    if (!node) return [];
    const content = patched(node.content, patch as Record<string, unknown>);
    // finish also completes the node generically (workspace-spec 4 "Generic completion").
    const finishedAt =
      "finished_at" in patch ? (patch.finished_at ? new Date(patch.finished_at) : null) : undefined;
    return [{ node, fields: { content, finishedAt } }];
  });
  const changed = await updateNodeRows(tx, edits, userId);
  return edits.filter((_, i) => (changed[i]?.length ?? 0) > 0).map((edit) => edit.node.id);
}
