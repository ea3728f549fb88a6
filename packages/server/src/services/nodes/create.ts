import { type CreateDnodeBody, MESSAGES } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode, users } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { insertRelation, type RelationRow } from "../graph/relation-rows";
import { searchVectorSql } from "../search/vector";
import { afterPropertyChange, PROPERTY_TYPES } from "./properties";
import { sanitizeContent } from "./sanitize";

/** The caller's USER root node id. */
export async function userRootId(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ root: users.rootNodeId }).from(users).where(eq(users.id, userId));
  if (!row?.root) throw badRequest(MESSAGES.userRootMissing);
  return row.root;
}

/** The relation a new node hangs by when the caller names none: USER_ROOT under a user root, else CHILD_NODE. */
function defaultRelation(locationType: string, customRelationId: number | null | undefined): string {
  if (customRelationId) return `pv_${customRelationId}`;
  return locationType === "USER" ? "USER_ROOT" : "CHILD_NODE";
}

/**
 * POST /api/dnode/create/: a node under `location_id` (default: the caller's root), before `next_id` or
 * last. A node hung under a user root starts a tree of its own (it is its own anchor); any other node
 * joins its location's tree, which keeps its owner.
 */
export async function createNode(
  db: Db,
  userId: number,
  body: CreateDnodeBody,
): Promise<{ nodeId: number; relation: RelationRow }> {
  return db.transaction((tx) => createNodeInTx(tx, userId, body));
}

/** createNode inside a transaction the caller holds. */
export async function createNodeInTx(
  tx: Tx,
  userId: number,
  body: CreateDnodeBody,
): Promise<{ nodeId: number; relation: RelationRow }> {
  if (body.type === "USER") throw badRequest(MESSAGES.userRootOnly);
  {
    const locationId = body.location_id ?? (await userRootId(tx, userId));
    const location = await requireNode(tx, userId, locationId, "write");
    const relationName = body.relation_name ?? defaultRelation(location.type, body.custom_relation_id);
    const content = sanitizeContent(body.content);
    const startsTree = location.type === "USER";
    const created = oneRow(
      await tx
        .insert(dnode)
        .values({
          name: body.name,
          type: body.type,
          content,
          parentId: location.id,
          mainRelation: relationName,
          ownerId: location.ownerId,
          creatorId: userId,
          anchorId: startsTree ? null : location.anchorId,
          searchVector: searchVectorSql(body.name, content) as unknown as string,
        })
        .returning({ id: dnode.id }),
    );
    if (startsTree) await tx.update(dnode).set({ anchorId: created.id }).where(eq(dnode.id, created.id));
    const relation = await insertRelation(tx, {
      xnode: location.id,
      ynode: created.id,
      relationName,
      beforeYnode: body.next_id ?? null,
      customRelation: body.custom_relation_id ?? null,
      xorder: 1,
    });
    if (PROPERTY_TYPES.has(body.type)) await afterPropertyChange(tx, userId, created.id);
    return { nodeId: created.id, relation };
  }
}
