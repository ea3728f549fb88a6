import type { DialogueReaderFields, DialogueUser } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { loadDialogues, modesFor, otherPerson } from "../../policies/dialogue";
import { idArray } from "../../policies/node";

interface UserBits {
  id: number;
  username: string;
  content: Record<string, unknown>;
}

const shownName = (u: UserBits) =>
  typeof u.content.display_name === "string" && u.content.display_name.trim()
    ? u.content.display_name
    : u.username;

const asDialogueUser = (u: UserBits): DialogueUser => ({
  id: Number(u.id),
  username: shownName(u),
  avatar: typeof u.content.avatar_url === "string" && u.content.avatar_url ? u.content.avatar_url : null,
});

/** What a reader sees of a dialogue node beyond its stored content, and the name shown to them. */
export interface ReaderView {
  fields: DialogueReaderFields;
  /** A made-up user-to-user title shows each reader the other person's name. */
  name?: string;
}

/**
 * The reader's fields of these DIALOGUE nodes (people-spec 3: unread_count, participant_users,
 * last_message_sender_info, and dialogue_mode as friendship and blocks stand now), in three queries
 * however many dialogues. Participants and type come from the participant table, the authority, over
 * whatever the node's editable content says.
 */
export async function dialogueReaderViews(
  db: Db | Tx,
  viewer: number,
  nodes: { id: number; content: Record<string, unknown> }[],
): Promise<Map<number, ReaderView>> {
  const out = new Map<number, ReaderView>();
  if (nodes.length === 0) return out;
  const facts = await loadDialogues(
    db,
    nodes.map((n) => n.id),
  );
  if (facts.size === 0) return out;
  const senders = nodes
    .map((n) => Number(n.content.last_message_sender))
    .filter((id) => Number.isInteger(id) && id > 0);
  const userIds = [...new Set([...[...facts.values()].flatMap((f) => f.participants), ...senders])];
  const [modes, users, unread] = await Promise.all([
    modesFor(db, viewer, [...facts.values()]),
    queryRows<UserBits>(db, sql`select id, username, content from users where id = any(${idArray(userIds)})`),
    queryRows<{ dialogue_id: number; unread_count: number }>(
      db,
      sql`select dialogue_id, unread_count from dialogue_participant
          where user_id = ${viewer} and dialogue_id = any(${idArray([...facts.keys()])})`,
    ),
  ]);
  const byId = new Map(users.map((u) => [Number(u.id), u]));
  const unreadOf = new Map(unread.map((r) => [Number(r.dialogue_id), Number(r.unread_count)]));
  for (const node of nodes) {
    const f = facts.get(node.id);
    if (!f) continue;
    const sender = byId.get(Number(node.content.last_message_sender));
    const other = f.type === "user_to_user" ? byId.get(otherPerson(f, viewer) ?? 0) : undefined;
    out.set(node.id, {
      fields: {
        dialogue_type: f.type,
        dialogue_mode: modes.get(f.id) ?? "friend",
        participants: f.participants,
        participant_users: f.participants
          .map((id) => byId.get(id))
          .filter((u) => u !== undefined)
          .map(asDialogueUser),
        unread_count: unreadOf.get(f.id) ?? 0,
        last_message_sender_info: sender ? asDialogueUser(sender) : null,
      },
      ...(node.content.auto_title === true && other ? { name: shownName(other) } : {}),
    });
  }
  return out;
}
