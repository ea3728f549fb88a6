import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { mergeContentSummary } from "../nodes/write";
import { addParticipants, removeParticipants } from "./participants";

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
