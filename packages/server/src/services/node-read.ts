import { MESSAGES } from "@zhishu/shared";
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { dnode, dnodeRelation, users } from "../db/schema";
import { notFound } from "../errors";
import { authorize, type Level, rightsFor } from "../policies/node";
import { type DnodeJson, type DnodeWithExtras, presentDnode } from "../presenters/dnode";
import { inheritedGroups } from "./inheritance";
import { relationGroups } from "./relation-summary";

const { searchVector: _omitSearch, ...nodeColumns } = getTableColumns(dnode);

/** Node rows by id with the creator's name and the order under the main parent, in one query. */
export async function loadNodeRows(db: Db | Tx, ids: number[]): Promise<DnodeWithExtras[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...nodeColumns,
      creatorName: users.username,
      mainOrder: dnodeRelation.yorder,
    })
    .from(dnode)
    .leftJoin(users, eq(users.id, dnode.creatorId))
    .leftJoin(
      dnodeRelation,
      sql`${dnodeRelation.xnode} = ${dnode.parentId} and ${dnodeRelation.ynode} = ${dnode.id}
          and ${dnodeRelation.relationName} = ${dnode.mainRelation} and not ${dnodeRelation.isDeleted}`,
    )
    .where(inArray(dnode.id, ids));
  return rows as DnodeWithExtras[];
}

/** One node row, or undefined. */
export async function loadNodeRow(db: Db | Tx, id: number): Promise<DnodeWithExtras | undefined> {
  return (await loadNodeRows(db, [id]))[0];
}

/** One node the caller may act on at `level`: 404 when missing, 403 without the right. */
export async function requireNode(
  db: Db | Tx,
  userId: number | null,
  id: number,
  level: Level,
): Promise<DnodeWithExtras> {
  const row = await loadNodeRow(db, id);
  authorize(userId, row, level);
  return row!;
}

/** Presents rows the caller may read, in the order given, with relation groups from one batch query. */
export async function presentNodes(
  db: Db | Tx,
  userId: number | null,
  rows: DnodeWithExtras[],
): Promise<DnodeJson[]> {
  const readable = rows.filter((row) => rightsFor(userId, row).read);
  const [groups, inherited] = await Promise.all([
    relationGroups(
      db,
      readable.map((row) => row.id),
    ),
    inheritedGroups(db, readable),
  ]);
  return readable.map((row) => {
    const own = groups.get(row.id) ?? {};
    const inheritance = inherited.get(row.id);
    const relations = inheritance ? { ...own, inheritances: inheritance.inheritances } : own;
    const json = presentDnode(row, relations, rightsFor(userId, row));
    return inheritance ? { ...json, inheritance_groups: inheritance.byName } : json;
  });
}

/** GET /api/dnode/{id}: the node with its groups; 404 / 403 as the policy says. */
export async function getNode(db: Db, userId: number | null, id: number): Promise<DnodeJson> {
  const row = await requireNode(db, userId, id, "read");
  const [json] = await presentNodes(db, userId, [row]);
  if (!json) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  return json;
}
