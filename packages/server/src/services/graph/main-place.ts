import { type DropLocation, MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import type { DnodeWithExtras } from "../../db/node-rows";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { reanchorSubtree, setMainPlace } from "../nodes/write";
import { lockLists } from "./ordering";
import { findRelation, insertRelation, type RelationRow, removeRelation } from "./relation-rows";

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

/**
 * Refuses links no tree can hold: a user root is never the y side; USER_ROOT (home cards) and FAVOR hang
 * only under a user root, which holds nothing else but its trees (CHILD_NODE).
 */
export function assertCanHold(target: DnodeWithExtras, relationName: string, node: DnodeWithExtras): void {
  if (node.type === "USER") throw badRequest(MESSAGES.userRootCannotMove);
  const homeOnly = relationName === "USER_ROOT" || relationName === "FAVOR";
  if (homeOnly !== (target.type === "USER") && !(target.type === "USER" && relationName === "CHILD_NODE")) {
    throw badRequest(MESSAGES.relationNotAllowedHere.replace("{relation}", relationName));
  }
}

/**
 * Where a tree planted at a user root lives: its main place is CHILD_NODE under the root (我的根节点), and
 * home shows it through a separate USER_ROOT link, so removing the card from home never deletes the tree.
 */
export const plantsOnHome = (target: { type: string }, relationName: string) =>
  target.type === "USER" && relationName === "USER_ROOT";

/** The main relation for a place: a home card's tree hangs by CHILD_NODE, anything else by the name given. */
export const mainRelationFor = (target: { type: string }, relationName: string) =>
  plantsOnHome(target, relationName) ? "CHILD_NODE" : relationName;

/** Refuses a link from the node's own subtree back to it: it would make the tree a loop. */
export async function assertNoCycle(tx: Tx, target: DnodeWithExtras, node: DnodeWithExtras): Promise<void> {
  if (await isInSubtree(tx, target.id, node.id)) throw badRequest(MESSAGES.moveIntoOwnSubtree);
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
  const main = mainRelationFor(target, relationName);
  const mainLink = await insertRelation(tx, {
    xnode: target.id,
    ynode: node.id,
    relationName: main,
    beforeYnode: main === relationName ? beforeYnode : null,
  });
  // Moved onto home: the card is a USER_ROOT link beside the main place (unless it is on home already).
  const relation = plantsOnHome(target, relationName)
    ? await ensureLink(tx, { xnode: target.id, ynode: node.id, relationName, beforeYnode })
    : mainLink;
  await setMainPlace(tx, node, target.id, main);
  const anchorId = target.type === "USER" ? node.id : (target.anchorId ?? target.id);
  if (anchorId !== node.anchorId || target.ownerId !== node.ownerId)
    await reanchorSubtree(tx, node, anchorId, target.ownerId);
  return relation;
}

/** The link, inserted at the place asked unless it exists already (then it stays where it is). */
async function ensureLink(
  tx: Tx,
  link: { xnode: number; ynode: number; relationName: string; beforeYnode: number | null },
): Promise<RelationRow> {
  const existing = await findRelation(tx, link.xnode, link.ynode, link.relationName);
  return existing ?? insertRelation(tx, link);
}

const beforeOf = (location: DropLocation) =>
  location.position === "before" ? location.before_node_id : null;

/** Links existing nodes under a target without moving them (the refer way): read on each, write on the target. */
export async function referNodes(
  db: Db,
  userId: number,
  ids: number[],
  targetId: number,
  relationName: string | undefined,
  location: DropLocation,
): Promise<RelationRow[]> {
  return writeTransaction(db, userId, (tx) =>
    referNodesInTx(tx, userId, ids, targetId, relationName, location),
  );
}

async function referNodesInTx(
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
  return writeTransaction(db, userId, async (tx) => {
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
