import { type DropLocation, MESSAGES } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import type { DnodeWithExtras } from "../../db/node-rows";
import { dnode } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { lockLists } from "./ordering";
import { insertRelation, type RelationRow, removeRelation } from "./relation-rows";

const DEPTH_GUARD = 10_000;

/** True when `candidate` is `root` or lies in root's main-tree subtree (walks up from candidate). */
export async function isInSubtree(tx: Tx, candidate: number, root: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from dnode where id = ${candidate}
          union all
          select d.id, d.parent_id, up.depth + 1 from dnode d join up on d.id = up.parent_id where up.depth < ${DEPTH_GUARD})
        select exists(select 1 from up where id = ${root}) as found`,
  );
  return rows[0]?.found === true;
}

/** The relation a node takes under a target when the caller names none. */
export const defaultRelationUnder = (target: { type: string }) =>
  target.type === "USER" ? "USER_ROOT" : "CHILD_NODE";

/** Refuses links no tree can hold: a user root is never the y side, USER_ROOT and FAVOR hang only under a user root. */
export function assertCanHold(target: DnodeWithExtras, relationName: string, node: DnodeWithExtras): void {
  if (node.type === "USER") throw badRequest(MESSAGES.userRootCannotMove);
  if ((relationName === "USER_ROOT" || relationName === "FAVOR") !== (target.type === "USER")) {
    throw badRequest(MESSAGES.relationNotAllowedHere.replace("{relation}", relationName));
  }
}

/** Refuses a link from the node's own subtree back to it: it would make the tree a loop. */
export async function assertNoCycle(tx: Tx, target: DnodeWithExtras, node: DnodeWithExtras): Promise<void> {
  if (await isInSubtree(tx, target.id, node.id)) throw badRequest(MESSAGES.moveIntoOwnSubtree);
}

/** Gives a subtree a new anchor and owner: a moved subtree belongs to its new tree. */
async function reanchor(tx: Tx, nodeId: number, anchorId: number, ownerId: number): Promise<void> {
  await tx.execute(sql`
    with recursive sub(id) as (select ${nodeId}::int union select d.id from dnode d join sub on d.parent_id = sub.id)
    update dnode set anchor_id = ${anchorId}, owner_id = ${ownerId} where id in (select id from sub)`);
}

/** Moves the node's main position under the target (its old main link goes), re-anchoring the subtree. */
export async function moveMain(
  tx: Tx,
  node: DnodeWithExtras,
  target: DnodeWithExtras,
  relationName: string,
  beforeYnode: number | null,
): Promise<RelationRow> {
  if (node.parentId !== null && node.mainRelation)
    await removeRelation(tx, node.parentId, node.id, node.mainRelation);
  const relation = await insertRelation(tx, { xnode: target.id, ynode: node.id, relationName, beforeYnode });
  await tx
    .update(dnode)
    .set({ parentId: target.id, mainRelation: relationName, updatedAt: new Date() })
    .where(eq(dnode.id, node.id));
  const anchorId = target.type === "USER" ? node.id : (target.anchorId ?? target.id);
  if (anchorId !== node.anchorId || target.ownerId !== node.ownerId)
    await reanchor(tx, node.id, anchorId, target.ownerId);
  return relation;
}

const beforeOf = (location: DropLocation) =>
  location.position === "before" ? location.before_node_id : null;

/** Links existing nodes under a target without moving them (the refer way): read on each, write on the target. */
export async function referNodes(
  tx: Tx,
  userId: number,
  ids: number[],
  targetId: number,
  relationName: string | undefined,
  location: DropLocation,
): Promise<RelationRow[]> {
  // All the lists these links join, locked first and in one order: two refers of the same nodes in
  // another order would otherwise deadlock on PostgreSQL.
  await lockLists(tx, [{ side: "y", node: targetId }, ...ids.map((node) => ({ side: "x" as const, node }))]);
  const target = await requireNode(tx, userId, targetId, "write");
  const relation = relationName ?? defaultRelationUnder(target);
  const created: RelationRow[] = [];
  for (const id of ids) {
    const node = await requireNode(tx, userId, id, "read");
    assertCanHold(target, relation, node);
    await assertNoCycle(tx, target, node);
    created.push(
      await insertRelation(tx, {
        xnode: target.id,
        ynode: node.id,
        relationName: relation,
        beforeYnode: beforeOf(location),
      }),
    );
  }
  return created;
}

/** POST /api/dnode_relation/change_parent/ and /api/dnode/move_here: the node's main place, last under the new parent. */
export async function changeMainParent(
  db: Db,
  userId: number,
  nodeId: number,
  newParentId: number,
  relationName?: string,
): Promise<{ oldParentId: number | null }> {
  return db.transaction(async (tx) => {
    const node = await requireNode(tx, userId, nodeId, "write");
    const target = await requireNode(tx, userId, newParentId, "write");
    if (node.parentId !== null) await requireNode(tx, userId, node.parentId, "write");
    const relation =
      relationName ??
      (target.type === "USER"
        ? "USER_ROOT"
        : node.mainRelation === "USER_ROOT"
          ? "CHILD_NODE"
          : (node.mainRelation ?? "CHILD_NODE"));
    assertCanHold(target, relation, node);
    await assertNoCycle(tx, target, node);
    await moveMain(tx, node, target, relation, null);
    return { oldParentId: node.parentId };
  });
}
