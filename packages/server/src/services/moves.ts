import { type DropLocation, MESSAGES, type MoveBody } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client";
import { dnode, dnodeRelation } from "../db/schema";
import { badRequest } from "../errors";
import type { DnodeWithExtras } from "../presenters/dnode";
import { requireNode } from "./node-read";
import { insertRelation, type RelationRow, removeRelation } from "./relations-write";

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

/** Refuses links no tree can hold: a user root never moves, USER_ROOT and FAVOR hang only under a user root. */
function assertCanHold(target: DnodeWithExtras, relationName: string, node: DnodeWithExtras): void {
  if (node.type === "USER") throw badRequest("用户根节点不能移动或引用");
  if ((relationName === "USER_ROOT" || relationName === "FAVOR") !== (target.type === "USER")) {
    throw badRequest(`关系 ${relationName} 不能放在该节点下`);
  }
}

/** Refuses a link from the node's own subtree back to it: it would make the tree a loop. */
async function assertNoCycle(tx: Tx, target: DnodeWithExtras, node: DnodeWithExtras): Promise<void> {
  if (await isInSubtree(tx, target.id, node.id)) throw badRequest(MESSAGES.moveIntoOwnSubtree);
}

/** Gives a subtree a new anchor and owner: a moved subtree belongs to its new tree. */
async function reanchor(tx: Tx, nodeId: number, anchorId: number, ownerId: number): Promise<void> {
  await tx.execute(sql`
    with recursive sub(id) as (select ${nodeId}::int union select d.id from dnode d join sub on d.parent_id = sub.id)
    update dnode set anchor_id = ${anchorId}, owner_id = ${ownerId} where id in (select id from sub)`);
}

/** Moves the node's main position under the target (its old main link goes), re-anchoring the subtree. */
async function moveMain(
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

/** POST /api/dnode/move with its ways: refer keeps the old link, move replaces it, move_and_refer does both. */
export async function moveNodes(db: Db, userId: number, body: MoveBody): Promise<RelationRow[]> {
  const way = body.way ?? (body.keep_old ? "refer" : "move");
  if (body.before_node_id && body.moved_nodes_ids.includes(body.before_node_id))
    throw badRequest(MESSAGES.nextNodeNotSibling);
  return db.transaction(async (tx) => {
    const target = await requireNode(tx, userId, body.target_node_id, "write");
    const newRelation = body.new_relationName ?? defaultRelationUnder(target);
    if (way === "refer") {
      const location: DropLocation = body.before_node_id
        ? { position: "before", before_node_id: body.before_node_id }
        : { position: "insideLast" };
      return referNodes(tx, userId, body.moved_nodes_ids, target.id, newRelation, location);
    }
    const created: RelationRow[] = [];
    for (const id of body.moved_nodes_ids) {
      const node = await requireNode(tx, userId, id, "write");
      assertCanHold(target, newRelation, node);
      await assertNoCycle(tx, target, node);
      const oldLocation = body.old_location_id ?? node.parentId;
      if (oldLocation === null) throw badRequest(MESSAGES.badRequest);
      await requireNode(tx, userId, oldLocation, "write");
      const oldRelation =
        body.old_relationName ?? (oldLocation === node.parentId ? node.mainRelation : "CHILD_NODE");
      const isMain = oldLocation === node.parentId && oldRelation === node.mainRelation;
      created.push(
        await moveOne(tx, {
          node,
          target,
          newRelation,
          oldLocation,
          oldRelation: oldRelation ?? "CHILD_NODE",
          isMain,
          way,
          before: body.before_node_id ?? null,
        }),
      );
    }
    return created;
  });
}

interface MoveOne {
  node: DnodeWithExtras;
  target: DnodeWithExtras;
  newRelation: string;
  oldLocation: number;
  oldRelation: string;
  isMain: boolean;
  way: "move" | "move_and_refer";
  before: number | null;
}

async function moveOne(tx: Tx, m: MoveOne): Promise<RelationRow> {
  const [old] = await tx
    .select()
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${m.oldLocation} and ${dnodeRelation.ynode} = ${m.node.id}
          and ${dnodeRelation.relationName} = ${m.oldRelation} and not ${dnodeRelation.isDeleted}`,
    );
  if (!old) throw badRequest("节点不在原来的位置，请刷新后重试");
  if (m.isMain) {
    const relation = await moveMain(tx, m.node, m.target, m.newRelation, m.before);
    // move_and_refer leaves a link where the node was, at the very same place in that list.
    if (m.way === "move_and_refer" && !(m.oldLocation === m.target.id && m.oldRelation === m.newRelation)) {
      await tx.insert(dnodeRelation).values({ ...old, id: undefined, createdAt: undefined } as never);
    }
    return relation;
  }
  // A secondary link (a reference) moves as a link; the node's main place stays.
  if (m.way === "move") await removeRelation(tx, m.oldLocation, m.node.id, m.oldRelation);
  return insertRelation(tx, {
    xnode: m.target.id,
    ynode: m.node.id,
    relationName: m.newRelation,
    beforeYnode: m.before,
  });
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
