import { MESSAGES, type UpdateDnodeBody } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { badRequest } from "../../errors";
import { assertMessageEditable } from "../../policies/dialogue";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { afterPropertyChange, PROPERTY_TYPES } from "./properties";
import { updateNodeRow } from "./write";

/** Content after a partial update: keys merge, a null value removes its key. */
function mergeContent(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * POST /api/dnode/{id}/update: changes the given fields, keeps the previous version in dnode_version and
 * bumps `version`. The row is locked first, so concurrent updates never lose one another's keys. A sent
 * dialogue message is refused (409): the others have read it as it is.
 */
export async function updateNode(db: Db, userId: number, id: number, body: UpdateDnodeBody): Promise<void> {
  await writeTransaction(db, userId, (tx) => updateNodeInTx(tx, userId, id, body));
}

/** updateNode inside a transaction the caller holds. */
export async function updateNodeInTx(
  tx: Tx,
  userId: number,
  id: number,
  body: UpdateDnodeBody,
): Promise<void> {
  {
    await tx.execute(sql`select id from dnode where id = ${id} for update`);
    const node = await requireNode(tx, userId, id, "write");
    if (body.type && (body.type === "USER") !== (node.type === "USER"))
      throw badRequest(MESSAGES.userRootOnly);
    const content = body.content ? mergeContent(node.content, body.content) : undefined;
    assertMessageEditable(node, { name: body.name, type: body.type, content });
    const finishedAt =
      body.finished_at === undefined ? undefined : body.finished_at ? new Date(body.finished_at) : null;
    await updateNodeRow(tx, node, { name: body.name, type: body.type, content, finishedAt }, userId);
    const type = body.type ?? node.type;
    if (body.content && PROPERTY_TYPES.has(type)) await afterPropertyChange(tx, userId, id);
  }
}
