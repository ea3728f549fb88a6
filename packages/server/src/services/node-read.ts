import { MESSAGES } from "@zhishu/shared";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { anchorSetting, dnode, dnodeRelation, users } from "../db/schema";
import { notFound } from "../errors";
import {
  authorize,
  firstPassColumns,
  type Level,
  NO_RIGHTS,
  type NodeRights,
  rightsOfLoaded,
} from "../policies/node";
import { type DnodeJson, type DnodeWithExtras, presentDnode, presentLockedDnode } from "../presenters/dnode";
import { inheritedGroups } from "./inheritance";
import { relationGroups } from "./relation-summary";

const { searchVector: _omitSearch, ...nodeColumns } = getTableColumns(dnode);

/**
 * Node rows by id with the creator's name and the order under the main parent, in one query; given a
 * caller, the same query carries the first pass of the rights rule (see `rightsOfLoaded`).
 */
export async function loadNodeRows(
  db: Db | Tx,
  ids: number[],
  caller?: number | null,
): Promise<DnodeWithExtras[]> {
  if (ids.length === 0) return [];
  const policy =
    typeof caller === "number"
      ? (() => {
          const first = firstPassColumns(caller, sql`${dnode.ownerId}`, sql`${dnode.anchorId}`);
          return { policyRank: first.rank, policyWalk: first.walk };
        })()
      : {};
  const rows = await db
    .select({
      ...nodeColumns,
      creatorName: users.username,
      mainOrder: dnodeRelation.yorder,
      ...policy,
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

/** One node row, or undefined (with the caller's first pass when given). */
export async function loadNodeRow(
  db: Db | Tx,
  id: number,
  caller?: number | null,
): Promise<DnodeWithExtras | undefined> {
  return (await loadNodeRows(db, [id], caller))[0];
}

/** A node with the caller's rights on it, from one query (two when the rule must walk ancestors). */
async function authorizedNode(
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

/**
 * Presents rows the caller may read, in the order given, with relation groups from one batch query and
 * the caller's rights from one rights query. Rows the caller may not read are dropped, or with
 * `{locked: true}` shown as a placeholder that carries the id and nothing of the name or content.
 */
export async function presentNodes(
  db: Db | Tx,
  userId: number | null,
  rows: DnodeWithExtras[],
  options: { locked?: boolean; rights?: Map<number, NodeRights> } = {},
): Promise<DnodeJson[]> {
  const rights = options.rights ?? (await rightsOfLoaded(db, userId, rows));
  const rightsOf = (row: DnodeWithExtras): NodeRights => rights.get(row.id)!;
  const readable = rows.filter((row) => rightsOf(row).read);
  const [groups, inherited, published] = await Promise.all([
    relationGroups(
      db,
      readable.map((row) => row.id),
    ),
    inheritedGroups(db, readable),
    publishedAnchors(
      db,
      readable.map((row) => row.anchorId),
    ),
  ]);
  const shown = options.locked ? rows : readable;
  return shown.map((row) => {
    if (!rightsOf(row).read) return presentLockedDnode(row.id);
    const own = groups.get(row.id) ?? {};
    const inheritance = inherited.get(row.id);
    const relations = inheritance ? { ...own, inheritances: inheritance.inheritances } : own;
    const isPublic = row.anchorId !== null && published.has(row.anchorId);
    const json = presentDnode(row, relations, rightsOf(row), isPublic);
    return inheritance ? { ...json, inheritance_groups: inheritance.byName } : json;
  });
}

/** Presents the nodes of these ids the caller may read, in the order given. */
export async function presentNodeIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<DnodeJson[]> {
  const rows = await loadNodeRows(db, ids, userId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return presentNodes(
    db,
    userId,
    ids.map((id) => byId.get(id)).filter((r) => r !== undefined),
    { rights: await rightsOfLoaded(db, userId, rows) },
  );
}

/** Which of these trees are published, in one query. */
async function publishedAnchors(db: Db | Tx, anchorIds: (number | null)[]): Promise<Set<number>> {
  const ids = [...new Set(anchorIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: anchorSetting.anchorId })
    .from(anchorSetting)
    .where(and(inArray(anchorSetting.anchorId, ids), eq(anchorSetting.isPublic, true)));
  return new Set(rows.map((row) => row.id));
}

/** GET /api/dnode/{id}: the node with its groups; 404 / 403 as the policy says. */
export async function getNode(db: Db, userId: number | null, id: number): Promise<DnodeJson> {
  const { row, rights } = await authorizedNode(db, userId, id, "read");
  const [json] = await presentNodes(db, userId, [row], { rights: new Map([[id, rights]]) });
  if (!json) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  return json;
}
