import type { DialogueType } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dialogue } from "../../db/schema-dialogue";
import { insertNodeRow } from "../nodes/write";
import { addParticipants } from "./participants";

export interface NewDialogue {
  type: DialogueType;
  /** Everyone taking part, the creator included. */
  participants: number[];
  name: string;
  /** The name was made up by the server (the other person's name is shown to each reader instead). */
  autoTitle: boolean;
  creatorId: number;
  logicId?: string | null;
  groupId?: number | null;
  /** The AGENT node a user_to_ai dialogue talks to (content.agent_id); none for the person's own AI. */
  agentId?: number | null;
}

/**
 * A DIALOGUE node and the rows behind it, in the caller's write transaction. The node is a tree of its
 * own, owned by its creator; every participant gets a participant row, a read grant on that tree and a
 * PARTICIPANT link to their USER node (participants.ts), so the ordinary rights rule lets each of them
 * read the dialogue and every message in it (messages are in the dialogue's tree), and nobody else.
 */
export async function makeDialogue(tx: Tx, input: NewDialogue): Promise<number> {
  const participants = [...new Set([input.creatorId, ...input.participants])];
  const now = new Date().toISOString();
  const id = await insertNodeRow(tx, {
    name: input.name,
    type: "DIALOGUE",
    content: {
      dialogue_type: input.type,
      participants,
      created_time: now,
      last_message_time: null,
      last_message_content: "",
      last_message_sender: null,
      ...(input.autoTitle ? { auto_title: true } : {}),
      ...(input.logicId ? { logic_id: input.logicId } : {}),
      ...(input.groupId ? { group_id: input.groupId } : {}),
      ...(input.agentId ? { agent_id: input.agentId } : {}),
    },
    parentId: null,
    mainRelation: null,
    ownerId: input.creatorId,
    creatorId: input.creatorId,
    anchorId: "self",
  });
  await tx.insert(dialogue).values({
    nodeId: id,
    dialogueType: input.type,
    logicId: input.logicId ?? null,
    groupId: input.groupId ?? null,
    creatorId: input.creatorId,
  });
  await addParticipants(tx, id, participants, input.creatorId);
  return id;
}

// Advisory-lock classes (1, 2: ordered lists; 3: process trees; 4: people): 5 a logic id, 6 a dialogue's
// drafts (7: a group's chats, group-chats.ts).
const LOGIC_ID_LOCK = 5;
export const DRAFT_LOCK = 6;

/** Serialises find-or-create of one logic id for the rest of the transaction. */
export async function lockLogicId(tx: Tx, logicId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOGIC_ID_LOCK}, hashtext(${logicId}))`);
}

/** The dialogue with this logic id, if one exists. */
export async function dialogueByLogicId(tx: Db | Tx, logicId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: dialogue.nodeId })
    .from(dialogue)
    .where(sql`${dialogue.logicId} = ${logicId}`);
  return row?.id;
}
