import { MESSAGES, type MoveBody } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { DnodeWithExtras } from "../../db/node-rows";
import { dnodeRelation } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { assertMessageStays } from "../../policies/dialogue";
import { loadNodeRows, requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { assertCanHold, assertNoCycle, defaultRelationUnder, moveMain } from "./main-place";
import { lockLists, orderForInsert } from "./ordering";
import {
  insertRelation,
  insertRelationCopy,
  type RelationRow,
  removeRelation,
  setRelationOrder,
} from "./relation-rows";

type Side = "x" | "y";
type Way = "refer" | "move" | "move_and_refer";

/**
 * Where a node sits as a page shows it: in the location's y-side list (its children under the name,
 * group NAME) or in its x-side list (the nodes that hold it as their y side, group x__NAME).
 */
interface Place {
  location: number;
  relationName: string;
  side: Side;
}

/** The relation that puts the node at the place: on side y the location owns it, on side x the node does. */
const linkAt = (place: Place, nodeId: number) =>
  place.side === "y"
    ? { xnode: place.location, ynode: nodeId, relationName: place.relationName }
    : { xnode: nodeId, ynode: place.location, relationName: place.relationName };

const samePlace = (a: Place, b: Place) =>
  a.location === b.location && a.relationName === b.relationName && a.side === b.side;

/** Links the node in at the place, before the list member `before` (absent: last). */
function insertAt(tx: Tx, place: Place, nodeId: number, before: number | null): Promise<RelationRow> {
  const link = linkAt(place, nodeId);
  return insertRelation(
    tx,
    place.side === "y" ? { ...link, beforeYnode: before } : { ...link, beforeXnode: before },
  );
}

/**
 * Moves an existing link within its own list by rewriting only that list's order column, so the row
 * keeps its id, key and info, and its place in the other list (the node's own groups) does not change.
 */
async function reorderAt(tx: Tx, place: Place, id: number, before: number | null): Promise<RelationRow> {
  const list = { side: place.side, node: place.location, relationName: place.relationName };
  return setRelationOrder(tx, id, place.side, await orderForInsert(tx, list, before));
}

/** Refuses a place no tree can hold for the node (kinds of nodes and relations, self links, loops). */
async function assertCanPlace(
  tx: Tx,
  target: DnodeWithExtras,
  node: DnodeWithExtras,
  place: Place,
): Promise<void> {
  if (place.side === "y") {
    assertCanHold(target, place.relationName, node);
    await assertNoCycle(tx, target, node);
    return;
  }
  // On side x the node is the x (owner) side and the target the y side. A user root never moves, so it
  // never owns a USER_ROOT or FAVOR link this way either; a user root is never a y side.
  if (node.type === "USER") throw badRequest(MESSAGES.userRootCannotMove);
  if (node.id === target.id) throw badRequest(MESSAGES.selfRelation);
  assertCanHold(node, place.relationName, target);
  // No loop check: an x-side link is never anyone's main (parent_id) link, so it cannot make the main
  // tree a loop; links that are not main links may form any graph.
}

/** The link the node leaves by, when the body names a place it can leave (else none: the move refuses later). */
function oldLinkOf(body: MoveBody, node: DnodeWithExtras): { xnode: number; ynode: number } | null {
  try {
    return linkAt(oldPlaceOf(body, node), node.id);
  } catch {
    return null;
  }
}

/** The two lists a link sits in: its x side's children and its y side's owners. */
const listsOfLink = (link: { xnode: number; ynode: number } | null) =>
  link
    ? [
        { side: "y" as const, node: link.xnode },
        { side: "x" as const, node: link.ynode },
      ]
    : [];

/** The place the node leaves, from the body's old_* fields (side y defaults to the node's main place). */
function oldPlaceOf(body: MoveBody, node: DnodeWithExtras): Place {
  if (body.old_side === "x") {
    if (!body.old_location_id) {
      throw new AppError(400, "OLD_LOCATION_REQUIRED", MESSAGES.moveOldLocationRequired);
    }
    return { side: "x", location: body.old_location_id, relationName: body.old_relationName ?? "CHILD_NODE" };
  }
  const location = body.old_location_id ?? node.parentId;
  if (location === null) throw badRequest(MESSAGES.badRequest);
  const relationName =
    body.old_relationName ?? (location === node.parentId ? node.mainRelation : null) ?? "CHILD_NODE";
  return { side: "y", location, relationName };
}

interface MoveOne {
  node: DnodeWithExtras;
  target: DnodeWithExtras;
  newPlace: Place;
  before: number | null;
  way: "move" | "move_and_refer";
}

async function moveOne(tx: Tx, userId: number, body: MoveBody, m: MoveOne): Promise<RelationRow> {
  const oldPlace = oldPlaceOf(body, m.node);
  const oldLocation = await requireNode(tx, userId, oldPlace.location, "write");
  const link = linkAt(oldPlace, m.node.id);
  const [old] = await tx
    .select()
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${link.xnode} and ${dnodeRelation.ynode} = ${link.ynode}
          and ${dnodeRelation.relationName} = ${link.relationName} and not ${dnodeRelation.isDeleted}`,
    );
  if (!old) throw new AppError(400, "NOT_AT_OLD_PLACE", MESSAGES.moveNotAtOldPlace);
  const same = samePlace(oldPlace, m.newPlace);
  // The node's main place is the one y-side link its parent_id names; only moving that link re-parents.
  const isMain =
    oldPlace.side === "y" &&
    oldPlace.location === m.node.parentId &&
    oldPlace.relationName === m.node.mainRelation;
  if (isMain && m.newPlace.side === "y") {
    const relation = await moveMain(tx, m.node, m.target, m.newPlace.relationName, m.before);
    // move_and_refer leaves a link where the node was, at the very same place in that list.
    if (m.way === "move_and_refer" && !same) {
      await insertRelationCopy(tx, old);
    }
    return relation;
  }
  if (isMain) {
    // A main place is always a y-side link, so it cannot go to side x: a plain move would leave the node
    // without a parent. move_and_refer keeps it where it is and adds the x-side link.
    if (m.way === "move") throw new AppError(400, "MAIN_PLACE_NOT_ON_X_SIDE", MESSAGES.mainPlaceNotOnXSide);
    return insertAt(tx, m.newPlace, m.node.id, m.before);
  }
  if (same) return reorderAt(tx, m.newPlace, old.id, m.before);
  // On side x the old link may be the old location's own main place (the moved node is its parent):
  // taking it away would leave that node without a parent.
  const isOthersMain =
    oldPlace.side === "x" &&
    oldLocation.parentId === m.node.id &&
    oldLocation.mainRelation === oldPlace.relationName;
  if (m.way === "move") {
    if (isOthersMain) throw new AppError(400, "LINK_IS_MAIN_PLACE", MESSAGES.linkIsOthersMainPlace);
    await removeRelation(tx, link.xnode, link.ynode, link.relationName);
  }
  // A link that is not a main place moves as a link: nobody is re-parented or re-anchored.
  return insertAt(tx, m.newPlace, m.node.id, m.before);
}

/**
 * POST /api/dnode/move with its ways on either side: refer adds the link at the new place, move
 * replaces the old link, move_and_refer moves and leaves a link at the old place. Side y means among
 * the target's children; side x means the node becomes the x (owner) side of a link to the target.
 * Rights: write on the target; write on each node (read is enough only to refer it on side y, where it
 * does not own the new link); write on the old location when the node leaves it.
 */
export async function moveNodes(db: Db, userId: number, body: MoveBody): Promise<RelationRow[]> {
  const way: Way = body.way ?? (body.keep_old ? "refer" : "move");
  const before = body.before_node_id ?? null;
  if (before !== null && body.moved_nodes_ids.includes(before)) throw badRequest(MESSAGES.nextNodeNotSibling);
  const otherSide: Side = body.new_side === "y" ? "x" : "y";
  return writeTransaction(db, userId, async (tx) => {
    // Every list this move inserts into or leaves, locked first and in one global order, so that
    // concurrent moves (P→Q beside Q→P) serialise instead of deadlocking on PostgreSQL.
    const leaving = way === "refer" ? [] : await loadNodeRows(tx, body.moved_nodes_ids);
    await lockLists(tx, [
      { side: body.new_side, node: body.target_node_id },
      ...body.moved_nodes_ids.map((node) => ({ side: otherSide, node })),
      ...leaving.flatMap((node) => listsOfLink(oldLinkOf(body, node))),
    ]);
    const target = await requireNode(tx, userId, body.target_node_id, "write");
    const newPlace: Place = {
      location: target.id,
      side: body.new_side,
      relationName:
        body.new_relationName ?? (body.new_side === "y" ? defaultRelationUnder(target) : "CHILD_NODE"),
    };
    const created: RelationRow[] = [];
    for (const id of body.moved_nodes_ids) {
      // On side x the node owns the new link, so its own groups change: write on it even to refer.
      const node = await requireNode(
        tx,
        userId,
        id,
        way === "refer" && newPlace.side === "y" ? "read" : "write",
      );
      await assertCanPlace(tx, target, node, newPlace);
      // A sent message stays in its dialogue (others read it there); a reference elsewhere is fine.
      if (way !== "refer") assertMessageStays(node);
      created.push(
        way === "refer"
          ? await insertAt(tx, newPlace, node.id, before)
          : await moveOne(tx, userId, body, { node, target, newPlace, before, way }),
      );
    }
    return created;
  });
}
