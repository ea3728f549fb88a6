import { type ProcessPlan, planFinish, planPause, planStart } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { selectNodeRows } from "../../db/node-rows";
import { updateNodeRow } from "../nodes/write";
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
 * under it, the machine's plan (shared/process.ts), and every changed process written through the one
 * writer (history, event). Answers the ids of every process whose status or times changed.
 */
export async function applyProcessAction(
  tx: Tx,
  userId: number,
  processId: number,
  action: ProcessAction,
  now = new Date(),
): Promise<number[]> {
  await lockProcessTree(tx, processId);
  const { family, below } = await loadFamily(tx, processId);
  const plan = PLANNERS[action](family, now.toISOString(), below);
  const ids = [...plan.keys()];
  if (ids.length === 0) return [];
  await tx.execute(sql`select id from dnode where id = any(${`{${ids.join(",")}}`}::int[]) for update`);
  const rows = new Map((await selectNodeRows(tx, ids)).map((row) => [row.id, row]));
  const changed: number[] = [];
  for (const [id, patch] of plan) {
    const row = rows.get(id);
    if (!row) continue;
    const content = patched(row.content, patch as Record<string, unknown>);
    // finish also completes the node generically (workspace-spec 4 "Generic completion").
    const finishedAt =
      "finished_at" in patch ? (patch.finished_at ? new Date(patch.finished_at) : null) : undefined;
    const fields = await updateNodeRow(tx, row, { content, finishedAt }, userId);
    if (fields.length > 0) changed.push(id);
  }
  return changed;
}
