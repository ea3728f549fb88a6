import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { idList } from "../graph/relation-groups";

/** SQL selecting the ids of the main-tree subtrees under the roots, roots included. */
const subtreeOf = (roots: number[]) => sql`with recursive sub(id) as (
    select id from dnode where id in ${idList(roots)}
    union
    select d.id from dnode d join sub on d.parent_id = sub.id)
  select id from sub`;

// Reference chains deeper than this are not followed further (a guard, not a limit anyone meets).
const MAX_REFERENCE_ROUNDS = 20;

/**
 * POST /api/dnode/delete_batch: deletes each node with its main-tree subtree, and every REF node that
 * points into a deleted subtree (with its own subtree). Needs write on each named node; a user root is
 * refused. Returns the deleted ids.
 */
export async function deleteNodes(db: Db, userId: number, ids: number[]): Promise<number[]> {
  return db.transaction((tx) => deleteNodesInTx(tx, userId, ids));
}

/** deleteNodes inside a transaction the caller holds. */
export async function deleteNodesInTx(tx: Tx, userId: number, ids: number[]): Promise<number[]> {
  for (const id of ids) {
    const node = await requireNode(tx, userId, id, "write");
    if (node.type === "USER") throw badRequest(MESSAGES.cannotDeleteUserRoot);
  }
  const roots = new Set(ids);
  for (let round = 0; round < MAX_REFERENCE_ROUNDS; round++) {
    const refs = await queryRows<{ id: number }>(
      tx,
      sql`select id from dnode where type = 'REF'
          and (content->>'ref_id') in (select id::text from (${subtreeOf([...roots])}) s)`,
    );
    const fresh = refs.map((r) => r.id).filter((id) => !roots.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) roots.add(id);
  }
  const deleted = await queryRows<{ id: number }>(
    tx,
    sql`delete from dnode where id in (${subtreeOf([...roots])}) returning id`,
  );
  return deleted.map((r) => r.id);
}
