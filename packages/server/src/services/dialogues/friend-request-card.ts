import { MESSAGES, userChatsLogicId } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { displayName } from "../../presenters/user";
import { insertRelation } from "../graph/relation-rows";
import type { UserRow } from "../social/people";
import { dialogueByLogicId, lockLogicId, makeDialogue } from "./make";
import { recordMessage } from "./summary";

/**
 * A friend request shows in the dialogue between the two as a friend-request card (issue 16, people-spec
 * 2 "friend-request card"; in a stranger dialogue it is the one message allowed): the pair's dialogue is
 * found or made, and the request node — its own tree, which both may read — is linked as its newest
 * CHAT, counted unread for the target. Runs in the request's transaction, after its people locks.
 */
export async function postFriendRequestCard(
  tx: Tx,
  requester: UserRow,
  target: UserRow,
  request: { nodeId: number; greeting: string },
): Promise<number> {
  const logicId = userChatsLogicId(requester.id, target.id);
  await lockLogicId(tx, logicId);
  const id =
    (await dialogueByLogicId(tx, logicId)) ??
    (await makeDialogue(tx, {
      type: "user_to_user",
      participants: [requester.id, target.id],
      name: `${displayName(requester)}、${displayName(target)}`,
      autoTitle: true,
      creatorId: requester.id,
      logicId,
    }));
  await insertRelation(tx, { xnode: id, ynode: request.nodeId, relationName: "CHAT", xorder: 1 });
  const dialogueRow = oneRow(await tx.select().from(dnode).where(eq(dnode.id, id)));
  const text = request.greeting
    ? MESSAGES.friendRequestMessage.replace("{greeting}", request.greeting)
    : MESSAGES.friendRequestMessageBare;
  await recordMessage(tx, dialogueRow, { senderId: requester.id, text });
  return id;
}
