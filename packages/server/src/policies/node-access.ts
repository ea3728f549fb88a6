import { is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { type DnodeWithExtras, nodeRowsQuery, selectNodeRows } from "../db/node-rows";
import { idsMatch, prepareFlatSelect } from "../db/prepared-sql";
import { dnode } from "../db/schema";
import { authorize, firstPassColumns, type Level, NO_RIGHTS, type NodeRights, rightsOfLoaded } from "./node";

/**
 * Node rows by id; given a caller, the same query carries the first pass of the rights rule
 * (see `rightsOfLoaded`), so reading a node and knowing the caller's rights on it is one query.
 */
export async function loadNodeRows(
  db: Db | Tx,
  ids: number[],
  caller?: number | null,
): Promise<DnodeWithExtras[]> {
  if (typeof caller !== "number") return selectNodeRows(db, ids);
  if (ids.length === 0) return [];
  if (!is(db, PgTransaction))
    return preparedLoad(db as Db, ids.length === 1).execute({ ids: ids.join(","), caller });
  const first = firstPassColumns(caller, sql`${dnode.ownerId}`, sql`${dnode.anchorId}`);
  return selectNodeRows(db, ids, { policyRank: first.rank, policyWalk: first.walk });
}

// The read of every node call, built once per database (issue 18: building it took a good part of a light
// read's CPU), its rows mapped by a function made for its fields (prepareFlatSelect), and sent as a named
// statement on PostgreSQL. Inside a transaction it is built as usual.
const prepared = new WeakMap<
  Db,
  { one: ReturnType<typeof prepareLoad>; many: ReturnType<typeof prepareLoad> }
>();
const preparedLoad = (db: Db, one: boolean) => {
  let forDb = prepared.get(db);
  if (!forDb) {
    forDb = { one: prepareLoad(db, true), many: prepareLoad(db, false) };
    prepared.set(db, forDb);
  }
  return one ? forDb.one : forDb.many;
};

function prepareLoad(db: Db, one: boolean) {
  const caller = sql.placeholder("caller") as unknown as number;
  const first = firstPassColumns(caller, sql`${dnode.ownerId}`, sql`${dnode.anchorId}`);
  const query = nodeRowsQuery(db, idsMatch(sql`${dnode.id}`, one), {
    policyRank: first.rank,
    policyWalk: first.walk,
  });
  return prepareFlatSelect<DnodeWithExtras>(db, query, one ? "load_node_row" : "load_node_rows");
}

/** One node row, or undefined (with the caller's first pass when given). */
export async function loadNodeRow(
  db: Db | Tx,
  id: number,
  caller?: number | null,
): Promise<DnodeWithExtras | undefined> {
  return (await loadNodeRows(db, [id], caller))[0];
}

/** A node with the caller's rights on it, from one query (two when the rule must walk ancestors). */
export async function authorizedNode(
  db: Db | Tx,
  userId: number | null,
  id: number,
  level: Level,
): Promise<{ row: DnodeWithExtras; rights: NodeRights }> {
  const row = await loadNodeRow(db, id, userId);
  const rights = row ? ((await rightsOfLoaded(db, userId, [row])).get(id) ?? NO_RIGHTS) : NO_RIGHTS;
  authorize(row, rights, level);
  return { row: row!, rights };
}

/** One node the caller may act on at `level`: 404 when missing, 403 without the right. */
export async function requireNode(
  db: Db | Tx,
  userId: number | null,
  id: number,
  level: Level,
): Promise<DnodeWithExtras> {
  return (await authorizedNode(db, userId, id, level)).row;
}
