import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/** What the recycle bin keeps of the dialogues in a deleted subtree (trash/keep.ts). */
export interface DialogueSnapshot {
  dialogues?: unknown[];
  participants?: unknown[];
  drafts?: unknown[];
}

/** True when the bin item's root is a dialogue: a tree of its own, which comes back standing alone. */
export function isDialogueRoot(snapshot: DialogueSnapshot, rootId: number): boolean {
  return (snapshot.dialogues ?? []).some((row) => Number((row as { node_id: number }).node_id) === rootId);
}

/**
 * Puts back the dialogue rows of restored DIALOGUE nodes (after the nodes, their links — PARTICIPANT
 * included — and their grants): the dialogue with its type and logic id, every participant with their
 * unread count and inbox place, and each person's draft slot while that draft still exists. People who
 * have left since are dropped. With them the dialogue is read and posted in as before it was deleted.
 */
export async function restoreDialogueRows(tx: Tx, snapshot: DialogueSnapshot): Promise<void> {
  const json = (rows: unknown[] | undefined) => JSON.stringify(rows ?? []);
  if ((snapshot.dialogues ?? []).length === 0) return;
  // A logic id taken meanwhile (the pair opened a new dialogue while this one was in the bin) stays with
  // the new one: this one comes back without it, an ordinary dialogue of the same people.
  await tx.execute(sql`insert into dialogue (node_id, dialogue_type, logic_id, group_id, creator_id, created_at)
    select r.node_id, r.dialogue_type,
      case when exists (select 1 from dialogue e where e.logic_id = r.logic_id) then null else r.logic_id end,
      (select u.id from users u where u.id = r.group_id), (select u.id from users u where u.id = r.creator_id),
      r.created_at
    from jsonb_populate_recordset(null::dialogue, ${json(snapshot.dialogues)}::jsonb) r
    where exists (select 1 from dnode d where d.id = r.node_id)
    on conflict do nothing`);
  await tx.execute(sql`insert into dialogue_participant
    select r.* from jsonb_populate_recordset(null::dialogue_participant, ${json(snapshot.participants)}::jsonb) r
    where exists (select 1 from dialogue g where g.node_id = r.dialogue_id)
      and exists (select 1 from users u where u.id = r.user_id)
    on conflict do nothing`);
  await tx.execute(sql`insert into dialogue_draft
    select r.* from jsonb_populate_recordset(null::dialogue_draft, ${json(snapshot.drafts)}::jsonb) r
    where exists (select 1 from dialogue g where g.node_id = r.dialogue_id)
      and exists (select 1 from users u where u.id = r.user_id)
      and exists (select 1 from dnode d where d.id = r.node_id)
    on conflict do nothing`);
}
