import { eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { dnode, dnodeRelation, users } from "./schema";

export type DnodeRow = typeof dnode.$inferSelect;

/** A node row with what the presenter needs from other tables. */
export interface DnodeWithExtras extends DnodeRow {
  creatorName: string | null;
  /** yorder of the node under its main parent, when known. */
  mainOrder?: number | null;
  /** The caller's first-pass rank and walk flag (policies/node.ts), when loaded for a caller. */
  policyRank?: number;
  policyWalk?: boolean;
}

const { searchVector: _omitSearch, ...nodeColumns } = getTableColumns(dnode);

/**
 * Node rows by id with the creator's name and the order under the main parent, in one query; `extra`
 * adds computed columns (the rights policy adds its first pass this way).
 */
export async function selectNodeRows(
  db: Db | Tx,
  ids: number[],
  extra: Record<string, SQL> = {},
): Promise<DnodeWithExtras[]> {
  if (ids.length === 0) return [];
  return (await nodeRowsQuery(db, inArray(dnode.id, ids), extra)) as DnodeWithExtras[];
}

/** The query of `selectNodeRows` for any condition on the node, unrun (to be prepared once and reused). */
export function nodeRowsQuery(db: Db | Tx, where: SQL | undefined, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...nodeColumns, creatorName: users.username, mainOrder: dnodeRelation.yorder, ...extra })
    .from(dnode)
    .leftJoin(users, eq(users.id, dnode.creatorId))
    .leftJoin(
      dnodeRelation,
      sql`${dnodeRelation.xnode} = ${dnode.parentId} and ${dnodeRelation.ynode} = ${dnode.id}
          and ${dnodeRelation.relationName} = ${dnode.mainRelation} and not ${dnodeRelation.isDeleted}`,
    )
    .where(where);
}
