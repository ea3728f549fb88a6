import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { idArray } from "../../policies/node";
import { insertRelation, removeRelation } from "../graph/relation-rows";
import { setNodeOwner } from "../nodes/write";

/**
 * Who takes part in a dialogue is kept in three places that must agree, and only this file changes them:
 * the `dialogue_participant` row (the dialogue policy's authority, the reader's unread count and inbox
 * order), a read grant on the dialogue's tree (so the rights rule lets them read it and every message in
 * it, node reads and live delivery included), and a PARTICIPANT link from the dialogue to the person's
 * USER node (people-spec 3 "Dialogue relation kinds"), through the one relation writer, so the graph
 * shows who takes part like any other relation. People without a USER node (groups, which never take
 * part themselves) get no link.
 */

/** The USER node (home root) of each of these people that has one. */
async function userNodesOf(tx: Tx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; root: number }>(
    tx,
    sql`select id, root_node_id as root from users where id = any(${idArray(userIds)}) and root_node_id is not null`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.root)]));
}

/**
 * Adds people to a dialogue (those already in it are left as they are); answers who was new. Each new
 * participant's inbox shows the dialogue from now on, with nothing unread.
 */
export async function addParticipants(
  tx: Tx,
  dialogueId: number,
  userIds: number[],
  grantedBy: number | null,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const added = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into dialogue_participant (dialogue_id, user_id)
        select ${dialogueId}, u from unnest(${idArray(userIds)}) with ordinality as t(u, n) order by n
        on conflict do nothing returning user_id`,
  );
  const fresh = added.map((r) => Number(r.user_id));
  if (fresh.length === 0) return [];
  // A grant the person already holds on the tree (a write grant given by hand) is kept as it is.
  await tx.execute(sql`insert into anchor_grant (anchor_id, user_id, auth_type, granted_by)
      select ${dialogueId}, u, 'read', ${grantedBy} from unnest(${idArray(fresh)}) as t(u)
      on conflict do nothing`);
  const roots = await userNodesOf(tx, fresh);
  // The links already there, in one read rather than one per person.
  const linked = new Set(
    (
      await queryRows<{ ynode: number }>(
        tx,
        sql`select ynode from dnode_relation where xnode = ${dialogueId} and relation_name = 'PARTICIPANT'
            and not is_deleted and ynode = any(${idArray([...roots.values()])})`,
      )
    ).map((r) => Number(r.ynode)),
  );
  // Each link locks the person's list of dialogues; in id order, so two dialogues made at once for the
  // same people (each by a different creator, who comes first) cannot deadlock.
  for (const userId of [...fresh].sort((a, b) => a - b)) {
    const root = roots.get(userId);
    if (root === undefined || linked.has(root)) continue;
    await insertRelation(tx, { xnode: dialogueId, ynode: root, relationName: "PARTICIPANT" });
  }
  return fresh;
}

/**
 * Takes people out of a dialogue: their participant row, their grants on its tree and their PARTICIPANT
 * link go, so they can neither read nor post any more (403) and live delivery, which checks rights as it
 * sends, stops telling them. When one of them owns the dialogue node (its creator), the node passes to
 * `heir`, so the creator keeps no way in. Their draft stays theirs (a tree of their own). Answers who
 * was removed.
 */
export async function removeParticipants(
  tx: Tx,
  dialogueId: number,
  userIds: number[],
  heir: number | null,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const removed = await queryRows<{ user_id: number }>(
    tx,
    sql`delete from dialogue_participant where dialogue_id = ${dialogueId} and user_id = any(${idArray(userIds)})
        returning user_id`,
  );
  const gone = removed.map((r) => Number(r.user_id));
  if (gone.length === 0) return [];
  await tx.execute(
    sql`delete from anchor_grant where anchor_id = ${dialogueId} and user_id = any(${idArray(gone)})`,
  );
  const roots = await userNodesOf(tx, gone);
  for (const userId of [...gone].sort((a, b) => a - b)) {
    const root = roots.get(userId);
    if (root !== undefined) await removeRelation(tx, dialogueId, root, "PARTICIPANT");
  }
  const [node] = await queryRows<{ owner_id: number; anchor_id: number | null }>(
    tx,
    sql`select owner_id, anchor_id from dnode where id = ${dialogueId}`,
  );
  if (node && gone.includes(Number(node.owner_id)) && heir !== null) {
    await setNodeOwner(tx, { id: dialogueId, anchorId: node.anchor_id }, heir);
  }
  return gone;
}
