import type { Db } from "../db/client";
import { loadNodeRows, requireNode } from "../policies/node-access";
import { presentNodes } from "../services/nodes/read";
import { findAction } from "./registry";

/** Runs a registered action on a node after the policy check, and answers in the spec's shape. */
export async function runAction(
  db: Db,
  userId: number,
  nodeId: number,
  name: string,
  params: Record<string, unknown>,
) {
  const action = findAction(name);
  const node = await requireNode(db, userId, nodeId, action.level);
  const result = await action.run({ db, userId, node, params });
  const rows = await loadNodeRows(db, result.dnodeIds ?? [], userId);
  return {
    success: result.success ?? true,
    message: result.message ?? "",
    task_id: result.taskId ?? null,
    deleted_dnode_ids: result.deletedIds ?? [],
    dnodes: await presentNodes(db, userId, rows),
    ...result.extra,
  };
}
