import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { idArray } from "../../policies/node";
import { mergeContentSummary } from "../nodes/write-unversioned";

/** How much of the last message a dialogue keeps in its content (the list shows 50 characters). */
const KEPT_CHARS = 200;

/** Text without markup, for previews. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A message arrived in a dialogue: its content gets the last message (time, text, sender) through the
 * one writer, so those watching it see it live; each participant's row gets the activity time (their
 * message list's order) and, for everyone but the sender, one more unread message — in one atomic
 * update, so messages sent at the same moment are all counted. The sender has read everything.
 */
export async function recordMessage(
  tx: Tx,
  dialogueNode: { id: number; anchorId: number | null },
  message: { senderId: number; text: string },
): Promise<void> {
  const now = new Date();
  await mergeContentSummary(tx, dialogueNode, {
    last_message_time: now.toISOString(),
    last_message_content: Array.from(plain(message.text)).slice(0, KEPT_CHARS).join(""),
    last_message_sender: message.senderId,
  });
  await tx.execute(sql`update dialogue_participant
      set last_activity_at = ${now.toISOString()},
          unread_count = case when user_id = ${message.senderId} then 0 else unread_count + 1 end,
          last_read_at = case when user_id = ${message.senderId} then ${now.toISOString()}::timestamptz else last_read_at end
      where dialogue_id = ${dialogueNode.id}`);
}

/** The dialogues (other than these nodes themselves) whose chat shows any of these nodes. */
export async function dialoguesShowing(tx: Tx, nodeIds: number[]): Promise<number[]> {
  if (nodeIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select distinct r.xnode as id from dnode_relation r join dialogue d on d.node_id = r.xnode
        where r.ynode = any(${idArray(nodeIds)}) and r.relation_name = 'CHAT' and not r.is_deleted
          and r.xnode <> all(${idArray(nodeIds)})`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * A message left a dialogue's chat (deleted to the bin) or came back (restored): the preview is worked
 * out again from the newest message the chat still shows — its text, sender and time — or emptied
 * (the web then shows 暂无消息); each participant's inbox order follows that time, and nobody's unread
 * count stays above the unread messages that are left. The newest message is the end of one index
 * range (relation_children_time_idx), and counting the unread stops at the count held, so a dialogue
 * of 100,000 messages costs what a short one does.
 */
export async function refreshPreviews(tx: Tx, dialogueIds: number[]): Promise<void> {
  for (const id of dialogueIds) {
    const [node] = await queryRows<{ anchor_id: number | null; created_at: string | Date }>(
      tx,
      sql`select anchor_id, created_at from dnode where id = ${id}`,
    );
    if (!node) continue;
    const [last] = await queryRows<{
      at: string | Date;
      name: string;
      content: Record<string, unknown>;
      creator_id: number | null;
    }>(
      tx,
      sql`select r.created_at as at, y.name, y.content, y.creator_id
          from dnode_relation r join dnode y on y.id = r.ynode
          where r.xnode = ${id} and r.relation_name = 'CHAT' and not r.is_deleted
          order by r.created_at desc, r.id desc limit 1`,
    );
    const text =
      last && typeof last.content.text === "string" && last.content.text ? last.content.text : last?.name;
    const at = last ? new Date(last.at).toISOString() : null;
    await mergeContentSummary(
      tx,
      { id, anchorId: node.anchor_id === null ? null : Number(node.anchor_id) },
      {
        last_message_time: at,
        last_message_content: last
          ? Array.from(plain(text ?? ""))
              .slice(0, KEPT_CHARS)
              .join("")
          : "",
        last_message_sender: last?.creator_id ?? null,
      },
    );
    await tx.execute(sql`update dialogue_participant p
        set last_activity_at = ${at ?? new Date(node.created_at).toISOString()}::timestamptz,
            unread_count = least(p.unread_count, (select count(*) from (
              select 1 from dnode_relation r join dnode y on y.id = r.ynode
              where r.xnode = p.dialogue_id and r.relation_name = 'CHAT' and not r.is_deleted
                and (p.last_read_at is null or r.created_at > p.last_read_at)
                and y.creator_id is distinct from p.user_id
              limit p.unread_count) s))
        where p.dialogue_id = ${id}`);
  }
}
