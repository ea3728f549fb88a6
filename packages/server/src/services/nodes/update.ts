import { MESSAGES, type UpdateDnodeBody } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dnode, dnodeVersion } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { searchVectorSql } from "../search/vector";
import { afterPropertyChange, PROPERTY_TYPES } from "./properties";
import { sanitizeContent } from "./sanitize";

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
 * bumps `version`. The row is locked first, so concurrent updates never lose one another's keys.
 */
export async function updateNode(db: Db, userId: number, id: number, body: UpdateDnodeBody): Promise<void> {
  await db.transaction((tx) => updateNodeInTx(tx, userId, id, body));
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
    const name = body.name ?? node.name;
    const type = body.type ?? node.type;
    const content = body.content ? sanitizeContent(mergeContent(node.content, body.content)) : node.content;
    const finishedAt =
      body.finished_at === undefined ? node.finishedAt : body.finished_at ? new Date(body.finished_at) : null;
    // An edit that changes nothing (a blur without typing) keeps the version (workspace-spec 5).
    const unchanged =
      name === node.name &&
      type === node.type &&
      JSON.stringify(content) === JSON.stringify(node.content) &&
      finishedAt?.getTime() === node.finishedAt?.getTime();
    if (unchanged) return;
    await tx.insert(dnodeVersion).values({
      dnodeId: id,
      version: node.version,
      name: node.name,
      type: node.type,
      content: node.content,
      editorId: userId,
    });
    await tx
      .update(dnode)
      .set({
        name,
        type,
        content,
        finishedAt,
        version: node.version + 1,
        updatedAt: new Date(),
        searchVector: searchVectorSql(name, content) as unknown as string,
      })
      .where(eq(dnode.id, id));
    if (body.content && PROPERTY_TYPES.has(type)) await afterPropertyChange(tx, userId, id);
  }
}
