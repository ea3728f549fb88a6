import { type FriendRequestBody, MESSAGES } from "@zhishu/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { anchorGrant, dnode } from "../../db/schema";
import { friendRequest, userFriend } from "../../db/schema-social";
import { AppError, badRequest, conflict, forbidden } from "../../errors";
import { displayName } from "../../presenters/user";
import { postFriendRequestCard } from "../dialogues/friend-request-card";
import { writeTransaction } from "../events/write-transaction";
import { insertNodeRow, updateNodeRow } from "../nodes/write";
import { areFriends, blockBetween, lockPeople, requireUserRow } from "./people";

export const FRIEND_REQUEST_XTYPE = "FriendRequestProcess" as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export interface SentRequest {
  processId: number;
  content: {
    xtype: "FriendRequestProcess";
    requester_id: number;
    target_user_id: number;
    request_type: string;
    self_status: string;
    delegate_status: string;
    greeting_message: string;
    text: string;
    persons: number[];
  };
}

/**
 * POST /api/user/friend/request/: a FriendRequestProcess node, delegated to the target. The node is a tree
 * of its own owned by the requester, and the target gets a read grant on that tree, so the ordinary rights
 * rule lets them read it (my_processes, the node page, a dialogue card) and nobody else sees it. The
 * `friend_request` row beside it is what accept and reject trust. Both people's social locks are held, so
 * a request racing an accept or the reverse request sees the other's result; the unique open-pair index
 * backs that up.
 */
export async function sendFriendRequest(
  db: Db,
  requesterId: number,
  input: FriendRequestBody,
): Promise<SentRequest> {
  const targetId = input.user_id;
  if (targetId === requesterId) throw new AppError(400, "FRIEND_REQUEST_SELF", MESSAGES.friendRequestSelf);
  const [requester, target] = await Promise.all([
    requireUserRow(db, requesterId),
    requireUserRow(db, targetId),
  ]);
  if (target.userType !== "PERSON") {
    throw new AppError(400, "FRIEND_REQUEST_NOT_PERSON", MESSAGES.friendRequestNotPerson);
  }
  const greeting = input.greeting_message;
  try {
    return await writeTransaction(db, requesterId, async (tx) => {
      await lockPeople(tx, requesterId, targetId);
      const blocks = await blockBetween(tx, requesterId, targetId);
      if (blocks.bBlockedA) throw new AppError(403, "FRIEND_REQUEST_BLOCKED", MESSAGES.friendRequestBlocked);
      if (blocks.aBlockedB) throw conflict(MESSAGES.friendRequestYouBlocked, "YOU_BLOCKED_USER");
      const open = await tx
        .select({ id: friendRequest.id })
        .from(friendRequest)
        .where(
          sql`${friendRequest.status} = 'open' and least(${friendRequest.requesterId}, ${friendRequest.targetId}) = ${Math.min(requesterId, targetId)}
              and greatest(${friendRequest.requesterId}, ${friendRequest.targetId}) = ${Math.max(requesterId, targetId)}`,
        );
      if (open.length > 0) throw conflict(MESSAGES.friendRequestOpen, "FRIEND_REQUEST_OPEN");
      // After the open check: an accept commits its status and the friendship together, so a request
      // read between the two checks still sees one of them (belt and braces behind the locks).
      if (await areFriends(tx, requesterId, targetId)) {
        throw conflict(MESSAGES.friendRequestToFriend, "ALREADY_FRIENDS");
      }
      const content = {
        xtype: FRIEND_REQUEST_XTYPE,
        requester_id: requesterId,
        target_user_id: targetId,
        request_type: "friend_request",
        self_status: "delegated",
        delegate_status: "delegated",
        greeting_message: greeting,
        text: greeting,
        persons: [requesterId, targetId],
      };
      const processId = await insertNodeRow(tx, {
        name: MESSAGES.friendRequestName
          .replace("{requester}", displayName(requester))
          .replace("{target}", displayName(target)),
        type: "PROCESS",
        content,
        parentId: null,
        mainRelation: null,
        ownerId: requesterId,
        creatorId: requesterId,
        anchorId: "self",
      });
      await tx.insert(friendRequest).values({ nodeId: processId, requesterId, targetId });
      await tx
        .insert(anchorGrant)
        .values({ anchorId: processId, userId: targetId, authType: "read", grantedBy: requesterId });
      await postFriendRequestCard(tx, requester, target, { nodeId: processId, greeting });
      return { processId, content };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.friendRequestOpen, "FRIEND_REQUEST_OPEN");
    throw error;
  }
}

export type FriendDecision = "accepted" | "rejected";

/**
 * accept_friend / reject_friend on a FriendRequestProcess node: the target only (403 for anyone else).
 * One conditional update moves the request from open, so of two racing decisions exactly one wins and the
 * other is a 409. Accepting makes the two friends; either way the process is completed with its result.
 */
export async function decideFriendRequest(
  db: Db,
  userId: number,
  nodeId: number,
  decision: FriendDecision,
): Promise<number[]> {
  const [request] = await db.select().from(friendRequest).where(eq(friendRequest.nodeId, nodeId));
  if (!request) throw badRequest(MESSAGES.notAFriendRequest);
  if (request.targetId !== userId) throw forbidden(MESSAGES.friendRequestNotTarget);
  return writeTransaction(db, userId, async (tx) => {
    await lockPeople(tx, request.requesterId, request.targetId);
    const won = await tx
      .update(friendRequest)
      .set({ status: decision, decidedAt: new Date() })
      .where(and(eq(friendRequest.id, request.id), eq(friendRequest.status, "open")))
      .returning({ id: friendRequest.id });
    if (won.length === 0) throw conflict(MESSAGES.friendRequestHandled, "FRIEND_REQUEST_HANDLED");
    if (decision === "accepted") {
      // The requester may have blocked the target since asking: no friendship against a block.
      if ((await blockBetween(tx, request.requesterId, request.targetId)).aBlockedB) {
        throw new AppError(403, "FRIEND_REQUEST_BLOCKED", MESSAGES.friendRequestBlockedSince);
      }
      await befriend(tx, request.requesterId, request.targetId);
    }
    await completeProcess(tx, nodeId, decision, userId);
    return [nodeId];
  });
}

/** 删除好友: ends a friendship (either side may); not friends is a 409. */
export async function unfriend(db: Db, userId: number, otherId: number): Promise<void> {
  await requireUserRow(db, otherId);
  const [userLow, userHigh] = userId < otherId ? [userId, otherId] : [otherId, userId];
  const removed = await db
    .delete(userFriend)
    .where(and(eq(userFriend.userLow, userLow), eq(userFriend.userHigh, userHigh)))
    .returning({ low: userFriend.userLow });
  if (removed.length === 0) throw conflict(MESSAGES.notFriends, "NOT_FRIENDS");
}

async function befriend(tx: Tx, a: number, b: number): Promise<void> {
  const [userLow, userHigh] = a < b ? [a, b] : [b, a];
  await tx.insert(userFriend).values({ userLow, userHigh }).onConflictDoNothing();
}

async function completeProcess(
  tx: Tx,
  nodeId: number,
  result: FriendDecision,
  editor: number,
): Promise<void> {
  const node = oneRow(await tx.select().from(dnode).where(eq(dnode.id, nodeId)).for("update"));
  const now = new Date().toISOString();
  await updateNodeRow(
    tx,
    node,
    {
      content: {
        ...node.content,
        self_status: "completed",
        delegate_status: "completed",
        result,
        end_time: now,
      },
    },
    editor,
  );
}
