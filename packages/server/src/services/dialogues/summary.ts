import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { mergeContentSummary } from "../nodes/write";

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
