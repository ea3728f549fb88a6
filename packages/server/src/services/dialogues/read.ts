import {
  CHAT_PAGE_SIZE,
  type DialogueListQuery,
  type DnodeJson,
  MAX_RELATION_PAGE_SIZE,
  MESSAGES,
} from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { notFound } from "../../errors";
import { requireParticipant } from "../../policies/dialogue";
import { relationsWithData } from "../graph/relation-pages";
import { presentNodeIds } from "../nodes/read";

/** The dialogue node as its reader sees it (their unread count, mode, the other person's name). */
export async function dialogueNode(db: Db, userId: number, id: number): Promise<DnodeJson> {
  const [json] = await presentNodeIds(db, userId, [id]);
  if (!json) throw notFound(MESSAGES.dialogueNotFound, "DIALOGUE_NOT_FOUND");
  return json;
}

/** The nodes a page of relations points at, in the page's order. */
function nodesOf(
  relations: { ynode: number; relation_name: string }[],
  name: string,
  byId: Map<number, DnodeJson>,
): DnodeJson[] {
  return relations
    .filter((r) => r.relation_name === name)
    .map((r) => byId.get(r.ynode))
    .filter((n) => n !== undefined);
}

/**
 * GET /api/dialogue/{id}/: the dialogue record (people-spec 3) for a participant: one page of CHAT
 * messages (newest page first, 20 by created_at, shown oldest first) read the way the chat view pages
 * them (relations_with_data ordered by -created_at), and its resources, conclusions and sub-dialogues
 * (up to 200 each; what a reader may not read is a locked placeholder).
 */
export async function dialogueRecord(db: Db, userId: number, id: number, chatPage: number) {
  const facts = await requireParticipant(db, userId, id);
  const [chat, attached, dnode] = await Promise.all([
    relationsWithData(db, userId, [id], {
      page_size: CHAT_PAGE_SIZE,
      relation_pages: { CHAT: chatPage },
      order_by: "-created_at",
      relation_names: ["CHAT"],
    }),
    relationsWithData(db, userId, [id], {
      page_size: MAX_RELATION_PAGE_SIZE,
      relation_pages: {},
      order_by: "yorder",
      relation_names: ["RESOURCE", "CONCLUSION", "SUB_DIALOGUE"],
    }),
    dialogueNode(db, userId, id),
  ]);
  const chatPage1 = chat.pages.get(id)!;
  const chatById = new Map(chat.relatedNodes.map((n) => [n.id, n]));
  const attachedById = new Map(attached.relatedNodes.map((n) => [n.id, n]));
  const attachedRelations = attached.pages.get(id)!.relations;
  const content = dnode.content as { dialogue_mode: "friend"; participant_users: never[] };
  const info = chatPage1.pagination_info.CHAT;
  return {
    id,
    name: dnode.name,
    dialogue_type: facts.type,
    dialogue_mode: content.dialogue_mode,
    participants: facts.participants,
    participant_users: content.participant_users,
    created_at: dnode.created_at,
    chat_messages: nodesOf(chatPage1.relations, "CHAT", chatById).reverse(),
    chat_total: info?.total ?? 0,
    chat_has_more: info?.has_more ?? false,
    resources: nodesOf(attachedRelations, "RESOURCE", attachedById),
    conclusions: nodesOf(attachedRelations, "CONCLUSION", attachedById),
    sub_dialogues: nodesOf(attachedRelations, "SUB_DIALOGUE", attachedById),
    dnode,
  };
}

/**
 * GET /api/dialogue/messages/: the caller's dialogues, latest activity first, each with the reader's
 * fields (preview, unread count, people). One index range scan of the caller's participant rows finds
 * the page, however many dialogues they have.
 */
export async function listDialogues(
  db: Db,
  userId: number,
  query: DialogueListQuery,
): Promise<{ dialogues: DnodeJson[]; unread_total: number }> {
  const [page, total] = await Promise.all([
    queryRows<{ dialogue_id: number }>(
      db,
      sql`select dialogue_id from dialogue_participant where user_id = ${userId}
          order by last_activity_at desc, dialogue_id desc limit ${query.limit} offset ${query.offset}`,
    ),
    unreadTotal(db, userId),
  ]);
  const dialogues = await presentNodeIds(
    db,
    userId,
    page.map((r) => Number(r.dialogue_id)),
  );
  return { dialogues, unread_total: total };
}

/** Unread messages over all the caller's dialogues. */
async function unreadTotal(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select coalesce(sum(unread_count), 0) as n from dialogue_participant where user_id = ${userId}`,
  );
  return Number(row?.n ?? 0);
}

/** POST /api/dialogue/{id}/read/: the caller has read everything in the dialogue. */
export async function markRead(db: Db, userId: number, id: number): Promise<{ unread_total: number }> {
  await requireParticipant(db, userId, id);
  await db.execute(sql`update dialogue_participant set unread_count = 0, last_read_at = now()
      where dialogue_id = ${id} and user_id = ${userId}`);
  return { unread_total: await unreadTotal(db, userId) };
}
