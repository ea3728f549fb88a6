import { type CreateDnodeBody, MESSAGES } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dnodeRelation, users } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { firstPassColumns } from "../../policies/node";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { mainRelationFor, plantsOnHome } from "../graph/main-place";
import { insertRelation, type RelationRow } from "../graph/relation-rows";
import { claimCreateKey, type EarlierCreate, fillCreateKey } from "./create-key";
import { afterPropertyChange, PROPERTY_TYPES } from "./properties";
import { insertNodeInOneStatement, insertNodeRow } from "./write";

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
 *
 * The common case (a plain node under a node the caller may write) is one statement
 * (`insertNodeInOneStatement`); anything else, and every refusal, runs the transaction below. The
 * one statement also answers the new node's tree (`anchorId`), for `getCreatedNode`.
 */
export async function createNode(
  db: Db,
  userId: number,
  body: CreateDnodeBody,
  idempotencyKey?: string,
): Promise<{ nodeId: number; relation: RelationRow; anchorId?: number | null }> {
  const locationId = body.location_id ?? null;
  if (locationId !== null && body.type !== "USER" && !PROPERTY_TYPES.has(body.type)) {
    const made = await insertNodeInOneStatement(db, {
      userId,
      locationId,
      // The location is no user root on this path, so the default is CHILD_NODE.
      relationName: body.relation_name ?? defaultRelation("", body.custom_relation_id),
      customRelation: body.custom_relation_id ?? null,
      nextId: body.next_id ?? null,
      name: body.name,
      type: body.type,
      content: body.content,
      idempotencyKey: idempotencyKey ?? null,
      rank: (owner, anchor) => firstPassColumns(userId, owner, anchor).rank,
    });
    if (made) return { nodeId: made.relation.ynode, ...made };
  }
  return writeTransaction(db, userId, async (tx) => {
    if (idempotencyKey === undefined) return createNodeInTx(tx, userId, body);
    const earlier = await claimCreateKey(tx, userId, idempotencyKey);
    if (earlier) return { nodeId: earlier.nodeId, relation: await earlierRelation(tx, earlier) };
    const made = await createNodeInTx(tx, userId, body);
    await fillCreateKey(tx, userId, idempotencyKey, { nodeId: made.nodeId, relationId: made.relation.id });
    return made;
  });
}

/** The link an earlier creation answered with, or the node's main link if that one is gone since. */
async function earlierRelation(tx: Tx, earlier: EarlierCreate): Promise<RelationRow> {
  const byId =
    earlier.relationId === null
      ? []
      : await tx.select().from(dnodeRelation).where(eq(dnodeRelation.id, earlier.relationId));
  if (byId[0]) return byId[0];
  const [main] = await tx
    .select()
    .from(dnodeRelation)
    .where(eq(dnodeRelation.ynode, earlier.nodeId))
    .orderBy(dnodeRelation.id)
    .limit(1);
  if (!main) throw notFound(MESSAGES.nodeNotFound);
  return main;
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
    const startsTree = location.type === "USER";
    // A tree planted at a user root hangs by CHILD_NODE there; home shows it by a USER_ROOT link.
    const mainRelation = mainRelationFor(location, relationName);
    const nodeId = await insertNodeRow(tx, {
      name: body.name,
      type: body.type,
      content: body.content,
      parentId: location.id,
      mainRelation,
      ownerId: location.ownerId,
      creatorId: userId,
      anchorId: startsTree ? "self" : location.anchorId,
    });
    const place = {
      xnode: location.id,
      ynode: nodeId,
      customRelation: body.custom_relation_id ?? null,
      xorder: 1,
    };
    const mainLink = await insertRelation(tx, {
      ...place,
      relationName: mainRelation,
      beforeYnode: mainRelation === relationName ? (body.next_id ?? null) : null,
    });
    const relation = plantsOnHome(location, relationName)
      ? await insertRelation(tx, { ...place, relationName, beforeYnode: body.next_id ?? null, xorder: 2 })
      : mainLink;
    if (PROPERTY_TYPES.has(body.type)) await afterPropertyChange(tx, userId, nodeId);
    return { nodeId, relation };
  }
}
