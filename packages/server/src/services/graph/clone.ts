import { type DropLocation, MESSAGES } from "@zhishu/shared";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { claimCreateKey, fillCreateKey } from "../nodes/create-key";
import { insertSubtreeCopy, setMainPlace } from "../nodes/write";
import { assertCanHold, defaultRelationUnder, mainRelationFor, plantsOnHome } from "./main-place";
import { copyLinksWithinClone, insertRelation } from "./relation-rows";

/** POST /api/dnode/clone: a deep copy of the source placed under the target (read on source, write on target). */
export async function cloneNode(
  db: Db,
  userId: number,
  sourceId: number,
  targetId: number,
  relationName: string | undefined,
  location: DropLocation,
  idempotencyKey?: string,
): Promise<number> {
  return writeTransaction(db, userId, async (tx) => {
    // A repeated key (a retry or replay after a lost answer) answers with the copy already made.
    if (idempotencyKey !== undefined) {
      const earlier = await claimCreateKey(tx, userId, idempotencyKey);
      if (earlier) return earlier.nodeId;
    }
    const source = await requireNode(tx, userId, sourceId, "read");
    if (source.type === "USER") throw badRequest(MESSAGES.userRootCannotBeCloned);
    const target = await requireNode(tx, userId, targetId, "write");
    const relation = relationName ?? defaultRelationUnder(target);
    assertCanHold(target, relation, source);
    const copyId = await insertSubtreeCopy(tx, source.id, {
      ownerId: target.ownerId,
      creatorId: userId,
      anchorId: target.type === "USER" ? "self" : (target.anchorId ?? target.id),
    });
    await copyLinksWithinClone(tx);
    const main = mainRelationFor(target, relation);
    await setMainPlace(tx, { id: copyId, anchorId: target.anchorId, parentId: null }, target.id, main);
    const before = location.position === "before" ? location.before_node_id : null;
    const mainLink = await insertRelation(tx, {
      xnode: target.id,
      ynode: copyId,
      relationName: main,
      beforeYnode: main === relation ? before : null,
    });
    if (idempotencyKey !== undefined)
      await fillCreateKey(tx, userId, idempotencyKey, { nodeId: copyId, relationId: mainLink.id });
    if (plantsOnHome(target, relation))
      await insertRelation(tx, {
        xnode: target.id,
        ynode: copyId,
        relationName: relation,
        beforeYnode: before,
      });
    return copyId;
  });
}
