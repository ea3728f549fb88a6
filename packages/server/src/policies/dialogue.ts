import { type DialogueMode, type DialogueType, MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { idArray } from "./node";

/**
 * Who may do what in a dialogue (DESIGN.md "Conventions": one policy file per subject). The rule:
 * participants read a dialogue and post in it; nobody else learns anything of it (403). Posting also
 * depends on the dialogue's mode, worked out when asked from friendship and blocks as they stand, so it
 * follows them as they change:
 * - user_to_user: blocked when either person blocked the other (nothing may be sent), friend when they
 *   are friends, else stranger (only friend-request messages);
 * - user_to_ai: agent; group_chat and topic: friend (free).
 * The participant table (services/dialogues) is the authority, never the node's editable content.
 */

export interface DialogueFacts {
  id: number;
  type: DialogueType;
  logicId: string | null;
  groupId: number | null;
  creatorId: number | null;
  /** Everyone taking part, in the order they joined. */
  participants: number[];
}

interface FactsRow {
  node_id: number;
  dialogue_type: string;
  logic_id: string | null;
  group_id: number | null;
  creator_id: number | null;
  participants: number[] | null;
}

/** The facts of these dialogues (ids that are not dialogues are absent), in one query. */
export async function loadDialogues(db: Db | Tx, ids: number[]): Promise<Map<number, DialogueFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<FactsRow>(
    db,
    sql`select d.node_id, d.dialogue_type, d.logic_id, d.group_id, d.creator_id,
          (select array_agg(p.user_id order by p.joined_at, p.user_id) from dialogue_participant p
            where p.dialogue_id = d.node_id) as participants
        from dialogue d where d.node_id = any(${idArray(ids)})`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.node_id),
      {
        id: Number(row.node_id),
        type: row.dialogue_type as DialogueType,
        logicId: row.logic_id,
        groupId: row.group_id === null ? null : Number(row.group_id),
        creatorId: row.creator_id === null ? null : Number(row.creator_id),
        participants: (row.participants ?? []).map(Number),
      },
    ]),
  );
}

/** One dialogue the caller takes part in: 404 when there is no such dialogue, 403 when not theirs. */
export async function requireParticipant(db: Db | Tx, userId: number, id: number): Promise<DialogueFacts> {
  const facts = (await loadDialogues(db, [id])).get(id);
  if (!facts) throw notFound(MESSAGES.dialogueNotFound, "DIALOGUE_NOT_FOUND");
  if (!facts.participants.includes(userId)) {
    throw new AppError(403, "DIALOGUE_FORBIDDEN", MESSAGES.dialogueForbidden);
  }
  return facts;
}

/** The other person of a user-to-user dialogue, as seen by `viewer`. */
export const otherPerson = (facts: DialogueFacts, viewer: number): number | undefined =>
  facts.participants.find((id) => id !== viewer);

/** Each dialogue's mode as `viewer` stands now, with one query for all user-to-user ones. */
export async function modesFor(
  db: Db | Tx,
  viewer: number,
  dialogues: DialogueFacts[],
): Promise<Map<number, DialogueMode>> {
  const modes = new Map<number, DialogueMode>();
  const others = new Map<number, number>();
  for (const d of dialogues) {
    if (d.type === "user_to_ai") modes.set(d.id, "agent");
    else if (d.type !== "user_to_user") modes.set(d.id, "friend");
    else {
      const other = otherPerson(d, viewer);
      if (other === undefined) modes.set(d.id, "friend");
      else others.set(d.id, other);
    }
  }
  if (others.size === 0) return modes;
  const list = idArray([...new Set(others.values())]);
  const rows = await queryRows<{ kind: string; other: number }>(
    db,
    sql`select 'friend' as kind, case when user_low = ${viewer} then user_high else user_low end as other
          from user_friend where (user_low = ${viewer} and user_high = any(${list}))
                              or (user_high = ${viewer} and user_low = any(${list}))
        union all
        select 'blocked', case when blocker_id = ${viewer} then blocked_id else blocker_id end
          from user_block where (blocker_id = ${viewer} and blocked_id = any(${list}))
                             or (blocked_id = ${viewer} and blocker_id = any(${list}))`,
  );
  const friends = new Set(rows.filter((r) => r.kind === "friend").map((r) => Number(r.other)));
  const blocked = new Set(rows.filter((r) => r.kind === "blocked").map((r) => Number(r.other)));
  for (const [id, other] of others) {
    modes.set(id, blocked.has(other) ? "blocked" : friends.has(other) ? "friend" : "stranger");
  }
  return modes;
}

/** What is being posted: an ordinary message (or attachment), or a friend request. */
export type PostKind = "message" | "friend_request";

/**
 * Refuses a post the mode does not allow, with the spec's words: blocked — nothing
 * (此对话已被拉黑，无法发送消息); stranger — friend requests only (你们还不是好友，只能发送好友请求消息).
 */
export async function assertMayPost(
  db: Db | Tx,
  userId: number,
  facts: DialogueFacts,
  kind: PostKind,
): Promise<DialogueMode> {
  const mode = (await modesFor(db, userId, [facts])).get(facts.id) ?? "friend";
  if (mode === "blocked") throw new AppError(403, "DIALOGUE_BLOCKED", MESSAGES.dialogueBlocked);
  if (mode === "stranger" && kind !== "friend_request") {
    throw new AppError(403, "DIALOGUE_STRANGER", MESSAGES.dialogueStrangerOnly);
  }
  return mode;
}

/**
 * A message that was sent (a dialogue's draft AskProcess after delegate-and-create-new, or a notice the
 * server left in the chat) is what the others read: its name and content can no longer be changed by
 * anyone through the node edits. The draft before sending stays editable.
 */
export function isSentMessage(node: { type: string; content: Record<string, unknown> }): boolean {
  const c = node.content;
  if (node.type === "PROCESS")
    return (
      c.xtype === "AskProcess" && c.dialogue_id != null && c.sent_at != null && c.self_status !== "draft"
    );
  return node.type === "NOTE" && c.system_action === "resource_added";
}

/** Refuses an edit of a sent message's name, type or content (409 MESSAGE_SENT_READONLY). */
export function assertMessageEditable(
  node: { type: string; name: string; content: Record<string, unknown> },
  change: { name?: string; type?: string; content?: Record<string, unknown> },
): void {
  if (!isSentMessage(node)) return;
  const changes =
    (change.name !== undefined && change.name !== node.name) ||
    (change.type !== undefined && change.type !== node.type) ||
    (change.content !== undefined && JSON.stringify(change.content) !== JSON.stringify(node.content));
  if (changes) throw new AppError(409, "MESSAGE_SENT_READONLY", MESSAGES.messageSentReadonly);
}

/** Refuses moving a sent message out of its place (409 MESSAGE_SENT_READONLY); referring to it is allowed. */
export function assertMessageStays(node: { type: string; content: Record<string, unknown> }): void {
  if (isSentMessage(node)) throw new AppError(409, "MESSAGE_SENT_READONLY", MESSAGES.messageSentReadonly);
}
