import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { mergeContentSummary } from "../nodes/write-unversioned";
import { addParticipants, removeParticipants } from "./participants";

// Advisory-lock class 7 (see make.ts for 1–6): the chats of one group.
const GROUP_CHATS_LOCK = 7;

/**
 * Serialises a group's membership changes with the making of its chats: a chat made while someone joins
 * either reads them as a member or is there for their join to find, never neither.
 */
export async function lockGroupChats(tx: Tx, groupId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_CHATS_LOCK}, ${groupId})`);
}

/**
 * The dialogues made for a GROUP user (group chats and topics started from a group) take part as the
 * group does: whoever joins the group joins them, whoever leaves leaves them (their participant row,
 * grant and PARTICIPANT link). Called in the transaction that changes the membership, so the two never
 * disagree. The dialogues' rows are locked first, so joins and leaves of one group run one at a time
 * and each dialogue's content lists the participants as the table has them.
 */
export async function followGroup(
  tx: Tx,
  groupId: number,
  userId: number,
  change: "join" | "leave",
): Promise<void> {
  await lockGroupChats(tx, groupId);
  const dialogues = await queryRows<{ node_id: number }>(
    tx,
    sql`select node_id from dialogue where group_id = ${groupId} order by node_id for update`,
  );
  if (dialogues.length === 0) return;
  const [owner] = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from group_member where group_id = ${groupId} and role = 'owner' limit 1`,
  );
  for (const { node_id } of dialogues) {
    const id = Number(node_id);
    const changed =
      change === "join"
        ? await addParticipants(tx, id, [userId], owner ? Number(owner.user_id) : null)
        : await removeParticipants(tx, id, [userId], owner ? Number(owner.user_id) : null);
    if (changed.length > 0) await syncContentParticipants(tx, id);
  }
}

/** The participants list in the dialogue's content, as the table has it (a summary: no version kept). */
async function syncContentParticipants(tx: Tx, dialogueId: number): Promise<void> {
  const rows = await queryRows<{ user_id: number; anchor_id: number | null }>(
    tx,
    sql`select p.user_id, d.anchor_id from dialogue_participant p join dnode d on d.id = p.dialogue_id
        where p.dialogue_id = ${dialogueId} order by p.joined_at, p.user_id`,
  );
  const anchorId = rows[0]?.anchor_id ?? dialogueId;
  await mergeContentSummary(
    tx,
    { id: dialogueId, anchorId: anchorId === null ? null : Number(anchorId) },
    { participants: rows.map((r) => Number(r.user_id)) },
  );
}
