import { randomUUID } from "node:crypto";
import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { badRequest } from "../../errors";
import { idArray, rightsOnIds } from "../../policies/node";
import { requireNode } from "../../policies/node-access";
import { dialoguesShowing, refreshPreviews } from "../dialogues/summary";
import { writeTransaction } from "../events/write-transaction";
import { moveToTrash } from "../trash/keep";
import { deleteNodeRows } from "./write";

/** SQL selecting the ids of the main-tree subtrees under the roots, roots included. */
const subtreesOf = (roots: number[]) => sql`with recursive sub(id) as (
    select id from dnode where id = any(${idArray(roots)})
    union
    select d.id from dnode d join sub on d.parent_id = sub.id)
  select id from sub`;

// Reference chains deeper than this are not followed further (a guard, not a limit anyone meets).
const MAX_REFERENCE_ROUNDS = 20;

/** What a delete did: the ids that went, and the recycle-bin batch that can bring them back. */
export interface DeleteResult {
  deletedIds: number[];
  trashBatchId: string | null;
}

/**
 * POST /api/dnode/delete_batch: deletes each node with its main-tree subtree, and every REF node that
 * points into a deleted subtree and that the caller may write (with its own subtree); references other
 * people keep stay, and show as a broken reference. Needs write on each named node; a user root is
 * refused. Everything deleted goes to the recycle bin first, as one batch. A dialogue whose chat showed a
 * deleted node gets its preview worked out again (dialogues/summary.ts).
 */
export async function deleteNodes(db: Db, userId: number, ids: number[]): Promise<DeleteResult> {
  return writeTransaction(db, userId, (tx) => deleteNodesInTx(tx, userId, ids));
}

/** deleteNodes inside a write transaction the caller holds. */
export async function deleteNodesInTx(tx: Tx, userId: number, ids: number[]): Promise<DeleteResult> {
  for (const id of ids) {
    const node = await requireNode(tx, userId, id, "write");
    if (node.type === "USER") throw badRequest(MESSAGES.cannotDeleteUserRoot);
  }
  const named = new Set(ids);
  const refs = await writableReferencesInto(tx, userId, named);
  const all = [...named, ...refs];
  // A node inside another deleted subtree goes with that subtree: only the tops are kept as bin items.
  const inner = await queryRows<{ id: number }>(
    tx,
    sql`with recursive below(id) as (
          select d.id from dnode d where d.parent_id = any(${idArray(all)})
          union select d.id from dnode d join below on d.parent_id = below.id)
        select id from below where id = any(${idArray(all)})`,
  );
  const innerIds = new Set(inner.map((row) => Number(row.id)));
  const tops = all.filter((id) => !innerIds.has(id));
  const batchId = randomUUID();
  await moveToTrash(tx, userId, tops, batchId);
  const subtree = await queryRows<{ id: number }>(tx, subtreesOf(tops));
  const subtreeIds = subtree.map((row) => Number(row.id));
  // Messages leaving a dialogue's chat: its preview and unread counts follow once they are gone.
  const dialogues = await dialoguesShowing(tx, subtreeIds);
  const deletedIds = await deleteNodeRows(tx, subtreeIds);
  await refreshPreviews(tx, dialogues);
  return { deletedIds, trashBatchId: deletedIds.length > 0 ? batchId : null };
}

/** REF nodes pointing into the subtrees (and into those REF nodes' subtrees), kept to those the caller may write. */
async function writableReferencesInto(tx: Tx, userId: number, roots: Set<number>): Promise<number[]> {
  const found = new Set<number>();
  for (let round = 0; round < MAX_REFERENCE_ROUNDS; round++) {
    const refs = await queryRows<{ id: number }>(
      tx,
      sql`select id from dnode where type = 'REF'
          and (content->>'ref_id') in (select id::text from (${subtreesOf([...roots, ...found])}) s)`,
    );
    const fresh = refs.map((r) => Number(r.id)).filter((id) => !roots.has(id) && !found.has(id));
    if (fresh.length === 0) break;
    const rights = await rightsOnIds(tx, userId, fresh);
    const writable = fresh.filter((id) => rights.get(id)?.write);
    if (writable.length === 0) break;
    for (const id of writable) found.add(id);
  }
  return [...found];
}
