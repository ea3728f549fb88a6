import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";

/**
 * Everything of one user that nobody else may change: their nodes, every relation touching them (but the
 * PARTICIPANT links of other people's dialogues), the grants, shares and publishing of their trees, their
 * account row and saved tabs. As JSON, for comparing.
 */
export async function snapshotOf(db: Db, userId: number): Promise<string> {
  const nodes = sql`(select id from dnode where owner_id = ${userId})`;
  const parts = {
    user: sql`select to_jsonb(u) - 'updated_at' as row from users u where id = ${userId}`,
    nodes: sql`select to_jsonb(d) - 'search_vector' as row from dnode d where owner_id = ${userId} order by id`,
    // Anyone may name a person in a dialogue they make (a topic, a group chat, the pair's dialogue): the
    // PARTICIPANT link from someone else's dialogue to the person's USER node is theirs to write.
    relations: sql`select to_jsonb(r) as row from dnode_relation r
                   where (xnode in ${nodes} or ynode in ${nodes})
                     and not (relation_name = 'PARTICIPANT' and xnode not in ${nodes}) order by id`,
    versions: sql`select to_jsonb(v) as row from dnode_version v where dnode_id in ${nodes} order by id`,
    grants: sql`select to_jsonb(g) as row from anchor_grant g where anchor_id in ${nodes} order by id`,
    settings: sql`select to_jsonb(s) as row from anchor_setting s where anchor_id in ${nodes}`,
    shares: sql`select to_jsonb(p) as row from dnode_permission p where dnode_id in ${nodes} order by id`,
    tabs: sql`select to_jsonb(t) as row from tab_state t where user_id = ${userId}`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(parts)) {
    out[name] = (await queryRows<{ row: unknown }>(db, query)).map((r) => r.row);
  }
  return JSON.stringify(out, null, 1);
}
