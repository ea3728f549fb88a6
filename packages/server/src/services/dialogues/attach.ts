import { type AddToDialogueBody, DIALOGUE_CONTENT_RELATIONS, MESSAGES } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { assertMayPost, type DialogueFacts, requireParticipant } from "../../policies/dialogue";
import { rightsOn } from "../../policies/node";
import { authorizedNode } from "../../policies/node-access";
import { displayName } from "../../presenters/user";
import { writeTransaction } from "../events/write-transaction";
import { insertRelation, type RelationRow } from "../graph/relation-rows";
import { insertNodeRow } from "../nodes/write";
import { userRows } from "../social/people";
import { recordMessage } from "./summary";

/**
 * The code of the refusal the web turns into the 授权访问 dialog (people-spec 5: "for a non-AI dialogue
 * the other participant must first have read permission on the node"): details name the node, the
 * person lacking access and whether the caller may grant it; after a grant the same call succeeds.
 */
export const PARTICIPANT_NEEDS_ACCESS = "PARTICIPANT_NEEDS_ACCESS";

/** Every other participant of a non-AI dialogue must be able to read the node; the first who cannot is a 403. */
async function assertOthersCanRead(
  db: Db,
  userId: number,
  facts: DialogueFacts,
  nodeId: number,
  callerIsAdmin: boolean,
): Promise<void> {
  if (facts.type === "user_to_ai") return;
  const others = facts.participants.filter((id) => id !== userId);
  // One rights query per person (the rule is per caller), run side by side; the first who lacks read wins.
  const readable = await Promise.all(others.map(async (id) => (await rightsOn(db, id, nodeId)).read));
  const other = others.find((_, i) => !readable[i]);
  if (other !== undefined) {
    const person = (await userRows(db, [other])).get(other);
    const name = person ? displayName(person) : String(other);
    const message = (
      callerIsAdmin ? MESSAGES.participantCannotRead : MESSAGES.participantCannotReadNoGrant
    ).replace("{name}", name);
    throw new AppError(403, PARTICIPANT_NEEDS_ACCESS, message, {
      node_id: String(nodeId),
      user_id: String(other),
      user_name: name,
      can_grant: String(callerIsAdmin),
    });
  }
}

/**
 * POST /api/dialogue/{id}/add/: attaches a node as the dialogue's chat message, resource, conclusion or
 * sub-dialogue (a link from the dialogue; the node stays where it is). A participant only, in a mode
 * that lets them post; the node must be readable by the caller and, outside AI dialogues, by every
 * other participant (else PARTICIPANT_NEEDS_ACCESS). A resource also leaves a notice in the chat
 * (system_action resource_added), and a chat message or notice counts as the dialogue's last message.
 */
export async function addToDialogue(
  db: Db,
  userId: number,
  dialogueId: number,
  body: AddToDialogueBody,
): Promise<RelationRow> {
  const facts = await requireParticipant(db, userId, dialogueId);
  await assertMayPost(db, userId, facts, "message");
  const { row: node, rights } = await authorizedNode(db, userId, body.node_id, "read");
  if (body.content_type === "sub_dialogue") {
    if (node.type !== "DIALOGUE") throw badRequest(MESSAGES.subDialogueNotDialogue);
    if (node.id === dialogueId) throw badRequest(MESSAGES.subDialogueSelf);
    await requireParticipant(db, userId, node.id);
  } else {
    await assertOthersCanRead(db, userId, facts, node.id, rights.admin);
  }
  const relationName = DIALOGUE_CONTENT_RELATIONS[body.content_type];
  return writeTransaction(db, userId, async (tx) => {
    const relation = await insertRelation(tx, { xnode: dialogueId, ynode: node.id, relationName });
    const dialogueRow = oneRow(await tx.select().from(dnode).where(eq(dnode.id, dialogueId)));
    if (body.content_type === "resource") {
      const text = MESSAGES.resourceAddedText.replace("{name}", node.name);
      const noticeId = await insertNodeRow(tx, {
        name: text,
        type: "NOTE",
        content: { system_action: "resource_added", node_id: node.id, actor_id: userId, text },
        parentId: dialogueId,
        mainRelation: "CHAT",
        ownerId: userId,
        creatorId: userId,
        anchorId: dialogueId,
      });
      await insertRelation(tx, { xnode: dialogueId, ynode: noticeId, relationName: "CHAT", xorder: 1 });
      await recordMessage(tx, dialogueRow, { senderId: userId, text });
    } else if (body.content_type === "chat") {
      const text = typeof node.content.text === "string" && node.content.text ? node.content.text : node.name;
      await recordMessage(tx, dialogueRow, { senderId: userId, text });
    }
    return relation;
  });
}
