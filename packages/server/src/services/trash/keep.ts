import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/** SQL selecting the ids of the main-tree subtree under one root, root included. */
const subtreeOf = (rootId: number) =>
  sql`with recursive sub(id) as (select ${rootId}::int union select d.id from dnode d join sub on d.parent_id = sub.id)
      select id from sub`;

/**
 * Keeps each subtree in the recycle bin before it is deleted: its node rows, every link that touches it
 * (inside it, and to and from the rest of the graph), its version history, the grants, shares and
 * publishing of trees inside it, and the rows of dialogues inside it (the dialogue, its participants with
 * their unread counts, each person's draft slot: they go with the node by cascade), as they are, one bin
 * item per subtree, all in one batch. One statement per subtree, whatever its size; nothing passes
 * through the application.
 */
export async function moveToTrash(tx: Tx, userId: number, roots: number[], batchId: string): Promise<void> {
  for (const rootId of roots) {
    await tx.execute(sql`
      with sub as (${subtreeOf(rootId)})
      insert into trash_item (batch_id, root_id, name, type, node_count, owner_id, deleted_by, parent_id, main_relation, snapshot)
      select ${batchId}, r.id, r.name, r.type, (select count(*) from sub), r.owner_id, ${userId}, r.parent_id, r.main_relation,
        jsonb_build_object(
          'nodes', (select jsonb_agg(to_jsonb(d)) from dnode d where d.id in (select id from sub)),
          'relations', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from dnode_relation x
                        where x.xnode in (select id from sub) or x.ynode in (select id from sub)),
          'versions', (select coalesce(jsonb_agg(to_jsonb(v)), '[]') from dnode_version v
                       where v.dnode_id in (select id from sub)),
          'grants', (select coalesce(jsonb_agg(to_jsonb(g)), '[]') from anchor_grant g
                     where g.anchor_id in (select id from sub) or g.descendent_id in (select id from sub)),
          'shares', (select coalesce(jsonb_agg(to_jsonb(p)), '[]') from dnode_permission p
                     where p.dnode_id in (select id from sub)),
          'settings', (select coalesce(jsonb_agg(to_jsonb(s)), '[]') from anchor_setting s
                       where s.anchor_id in (select id from sub)),
          'dialogues', (select coalesce(jsonb_agg(to_jsonb(g)), '[]') from dialogue g
                        where g.node_id in (select id from sub)),
          'participants', (select coalesce(jsonb_agg(to_jsonb(p)), '[]') from dialogue_participant p
                           where p.dialogue_id in (select id from sub)),
          'drafts', (select coalesce(jsonb_agg(to_jsonb(f)), '[]') from dialogue_draft f
                     where f.dialogue_id in (select id from sub)))
      from dnode r where r.id = ${rootId}`);
  }
}
