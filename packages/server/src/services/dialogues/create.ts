import {
  type CreateDialogueBody,
  type DialogueType,
  MESSAGES,
  parseLogicId,
  userChatsLogicId,
} from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { displayName } from "../../presenters/user";
import { writeTransaction } from "../events/write-transaction";
import { insertRelation } from "../graph/relation-rows";
import { updateNodeRow } from "../nodes/write";
import { type UserRow, userRows } from "../social/people";
import { lockGroupChats } from "./group-chats";
import { dialogueByLogicId, lockLogicId, makeDialogue } from "./make";
import { recordMessage } from "./summary";

const NAMES_IN_TITLE = 3;

/** The users named as participants (the caller left out), or a 400 naming what is wrong. */
async function otherPeople(db: Db, userId: number, ids: number[]): Promise<UserRow[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== userId);
  const rows = await userRows(db, wanted);
  if (rows.size !== wanted.length) throw badRequest(MESSAGES.participantNotFound);
  return wanted.map((id) => rows.get(id)!);
}

/** A title for a group of people: up to three names, then 等N人. */
function namesTitle(people: UserRow[], me: UserRow | undefined): string {
  const all = me ? [me, ...people] : people;
  const names = all.slice(0, NAMES_IN_TITLE).map(displayName).join("、");
  return all.length > NAMES_IN_TITLE ? `${names}等${all.length}人` : names;
}

/**
 * POST /api/dialogue/create/. A user-to-user dialogue is the pair's one dialogue (its logic id): asking
 * again answers the same one. A group chat takes the people named; naming a GROUP user brings in its
 * members (the caller must be one) and takes the group's name. AI dialogues and topics are new each time.
 * A blank title is made up: the other person's name (shown to each reader), the group's name or the
 * people's names, 与AI的对话, 话题讨论.
 */
export async function createDialogue(
  db: Db,
  userId: number,
  body: CreateDialogueBody,
): Promise<{ id: number; created: boolean }> {
  const others = await otherPeople(db, userId, body.participants);
  const title = body.title.trim();
  const type = body.dialogue_type;
  const persons = others.filter((u) => u.userType === "PERSON");
  const groups = others.filter((u) => u.userType === "GROUP");
  const ais = others.filter((u) => u.userType === "AI");

  if (type === "user_to_user") {
    if (others.length === 0) throw badRequest(MESSAGES.chooseParticipants);
    if (others.length > 1) throw badRequest(MESSAGES.userDialogueOneOther);
    if (persons.length !== 1) throw badRequest(MESSAGES.participantNotPerson);
    return findOrCreateByLogicId(db, userId, userChatsLogicId(userId, persons[0]!.id), title);
  }
  if (type === "user_to_ai") {
    if (persons.length + groups.length > 0) throw badRequest(MESSAGES.participantNotPerson);
    return create(db, userId, type, [...ais.map((u) => u.id)], title || MESSAGES.aiDialogueTitle, !title);
  }
  if (others.length === 0) throw badRequest(MESSAGES.chooseParticipants);
  if (ais.length > 0) throw badRequest(MESSAGES.participantNotPerson);
  const groupIds = groups.map((g) => g.id);
  await groupMembers(db, userId, groupIds);
  const me = (await userRows(db, [userId])).get(userId);
  const fallback =
    type === "topic"
      ? MESSAGES.topicDialogueTitle
      : groups.length === 1 && persons.length === 0
        ? displayName(groups[0]!)
        : namesTitle([...persons, ...groups], me) || MESSAGES.groupChatTitle;
  const groupId = groups.length === 1 ? groups[0]!.id : null;
  return create(
    db,
    userId,
    type,
    persons.map((u) => u.id),
    title || fallback,
    false,
    groupId,
    groupIds,
  );
}

/**
 * Makes the dialogue; the members of the groups named are read under each group's chats lock, so people
 * joining or leaving at the same moment are counted right (group-chats.ts).
 */
async function create(
  db: Db,
  userId: number,
  type: DialogueType,
  people: number[],
  name: string,
  autoTitle: boolean,
  groupId: number | null = null,
  groupIds: number[] = [],
): Promise<{ id: number; created: boolean }> {
  const id = await writeTransaction(db, userId, async (tx) => {
    for (const group of [...groupIds].sort((a, b) => a - b)) await lockGroupChats(tx, group);
    const members = await groupMembers(tx, userId, groupIds);
    const participants = [...people, ...members];
    return makeDialogue(tx, { type, participants, name, autoTitle, creatorId: userId, groupId });
  });
  return { id, created: true };
}

/** The members of these groups; the caller must belong to each (403 otherwise). */
async function groupMembers(db: Db | Tx, userId: number, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await queryRows<{ group_id: number; user_id: number }>(
    db,
    sql`select group_id, user_id from group_member where group_id in (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const groupId of groupIds) {
    const inIt = rows.some((r) => Number(r.group_id) === groupId && Number(r.user_id) === userId);
    if (!inIt) throw new AppError(403, "NOT_GROUP_MEMBER", MESSAGES.notGroupMemberForChat);
  }
  return [...new Set(rows.map((r) => Number(r.user_id)))];
}

/** The AGENT node of an agent dialogue: 404 / 403 as for any node the caller cannot read, 400 if no agent. */
async function requireAgent(db: Db, userId: number, agentId: number): Promise<{ id: number; name: string }> {
  const node = await requireNode(db, userId, agentId, "read");
  if (node.type !== "AGENT") throw new AppError(400, "NOT_AN_AGENT", MESSAGES.notAnAgent);
  return { id: node.id, name: node.name.trim() };
}

/**
 * POST /api/dialogue/find-or-create-by-logic-id/: the one dialogue of a logic id (UserChats_<a>_<b>,
 * ids ascending; UserAiChats_<id>; UserAiChats_<id>_<agent node id>), made on first use. Only a person the id names may ask (403). One
 * advisory lock per logic id, held while looking and making, makes concurrent calls answer the same
 * dialogue; the unique logic_id index backs it up.
 */
export async function findOrCreateByLogicId(
  db: Db,
  userId: number,
  logicId: string,
  title = "",
): Promise<{ id: number; created: boolean }> {
  const parsed = parseLogicId(logicId);
  if (!parsed) throw badRequest(MESSAGES.logicIdInvalid);
  if (!(parsed.userIds as number[]).includes(userId)) {
    throw new AppError(403, "LOGIC_ID_NOT_YOURS", MESSAGES.logicIdNotYours);
  }
  const others = await otherPeople(db, userId, parsed.userIds);
  if (others.some((u) => u.userType !== "PERSON")) throw badRequest(MESSAGES.participantNotPerson);
  // An agent's dialogue (UserAiChats_<me>_<agent>): the agent must be an AGENT node the caller reads,
  // asked every time, so losing the right to the agent closes the way back to its dialogue too.
  const agent = "agentId" in parsed && parsed.agentId ? await requireAgent(db, userId, parsed.agentId) : null;
  const known = await dialogueByLogicId(db, logicId);
  if (known !== undefined) return { id: known, created: false };
  const trimmed = title.trim();
  const madeUp = parsed.kind === "user_to_ai" ? agent?.name || MESSAGES.aiDialogueTitle : null;
  return writeTransaction(db, userId, async (tx) => {
    await lockLogicId(tx, logicId);
    const existing = await dialogueByLogicId(tx, logicId);
    if (existing !== undefined) return { id: existing, created: false };
    const me = oneRow([...(await userRows(tx, [userId])).values()]);
    const id = await makeDialogue(tx, {
      type: parsed.kind,
      participants: parsed.userIds,
      name: trimmed || (madeUp ?? namesTitle(others, me)),
      autoTitle: !trimmed,
      creatorId: userId,
      logicId,
      agentId: agent?.id ?? null,
    });
    return { id, created: true };
  });
}

/**
 * POST /api/dialogue/convert-ask-process/: an AskProcess of the caller's becomes the first message of a
 * new dialogue with the AI (it stays where it is, linked as the dialogue's CHAT, and remembers the
 * dialogue in content.dialogue_id). Converting again answers the same dialogue.
 */
export async function convertAskProcess(db: Db, userId: number, processId: number): Promise<number> {
  const node = await requireNode(db, userId, processId, "write");
  if (node.type !== "PROCESS" || node.content.xtype !== "AskProcess")
    throw badRequest(MESSAGES.notAnAskProcess);
  return writeTransaction(db, userId, async (tx) => {
    const row = oneRow(await tx.select().from(dnode).where(eq(dnode.id, processId)).for("update"));
    const linked = Number(row.content.dialogue_id);
    if (Number.isInteger(linked) && linked > 0) {
      const [still] = await queryRows<{ ok: number }>(
        tx,
        sql`select 1 as ok from dialogue_participant where dialogue_id = ${linked} and user_id = ${userId}`,
      );
      if (still) return linked;
    }
    const text = typeof row.content.text === "string" ? row.content.text : "";
    const name = (row.name || text).trim().slice(0, 100) || MESSAGES.aiDialogueTitle;
    const id = await makeDialogue(tx, {
      type: "user_to_ai",
      participants: [userId],
      name,
      autoTitle: false,
      creatorId: userId,
    });
    await insertRelation(tx, { xnode: id, ynode: processId, relationName: "CHAT" });
    await updateNodeRow(tx, row, { content: { ...row.content, dialogue_id: id } }, userId);
    await recordMessage(tx, { id, anchorId: id }, { senderId: userId, text: text || row.name });
    return id;
  });
}
