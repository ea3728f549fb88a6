import { MESSAGES } from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client";
import { forbidden, notFound } from "../errors";

/** What the caller may do with one node; sent with every node so the client gates its buttons on it. */
export interface NodeRights {
  read: boolean;
  write: boolean;
  admin: boolean;
}

export type Level = keyof NodeRights;

export const NO_RIGHTS: NodeRights = { read: false, write: false, admin: false };

/** Levels as numbers, the way the rights query ranks them: read 1 < write 2 < admin 3. */
export const LEVEL_RANK: Record<Level, number> = { read: 1, write: 2, admin: 3 };

export function rightsOfRank(rank: number): NodeRights {
  return { read: rank >= 1, write: rank >= 2, admin: rank >= 3 };
}

/** `auth_type` text as its rank, in SQL. */
const rankOf = (authType: SQL) => sql`(case ${authType} when 'admin' then 3 when 'write' then 2 else 1 end)`;

/** One bound parameter for a list of ids (`= any(...)`), however long the list. */
export const idArray = (ids: number[]): SQL => sql`string_to_array(${ids.join(",")}, ',')::int[]`;

// A guard against a cycle in parent links, far beyond any real tree's depth.
const MAX_DEPTH = 10_000;

/**
 * The rule, declared once (workspace-spec 6), over many nodes in one query (two when the caller holds
 * narrowed grants or per-node shares): a signed-in caller's rank on a node is the best of
 * - admin when the caller owns the node's tree;
 * - the grants on the node's tree (anchor) to the caller or to everyone, whole tree or narrowed to a
 *   subtree that holds the node (a narrowed grant counts only while that subtree is still in the tree);
 * - read when the tree is published;
 * - per-node shares to the caller on the node or any main-tree ancestor (访问 read, 编辑 write).
 * Only nodes below write, in trees where the caller has a narrowed grant or a share, walk up their
 * ancestors, so a page of nodes in ordinary trees costs a few index lookups. Not signed in: no rights.
 */
export async function ranksOnIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<Map<number, number>> {
  const ranks = new Map<number, number>();
  if (ids.length === 0 || userId === null) return ranks;
  // First the cheap part: ownership per node, and per tree (a page of nodes shares a few trees, so each
  // tree is looked up once) its whole-tree grants, publishing, and whether it holds a narrowed grant or
  // a per-node share for the caller.
  const rows = await queryRows<{ id: number; owned: boolean; rank: number; has_points: boolean }>(
    db,
    sql`with t as (select id, owner_id, anchor_id from dnode where id = any(${idArray(ids)})),
      point_anchors as (
        select g.anchor_id as anchor from anchor_grant g
          where g.descendent_id is not null and (g.user_id = ${userId} or g.user_id is null)
        union
        select d.anchor_id from dnode_permission p join dnode d on d.id = p.dnode_id
          where p.user_id = ${userId} and (p.can_read or p.can_write)),
      trees as (
        select a.anchor_id, greatest(
            coalesce((select max(${rankOf(sql`g.auth_type`)}) from anchor_grant g
                      where g.anchor_id = a.anchor_id and g.descendent_id is null
                        and (g.user_id = ${userId} or g.user_id is null)), 0),
            case when exists (select 1 from anchor_setting s where s.anchor_id = a.anchor_id and s.is_public)
                 then 1 else 0 end) as rank,
          a.anchor_id in (select anchor from point_anchors) as has_points
        from (select distinct anchor_id from t where owner_id <> ${userId}) a)
      select t.id, t.owner_id = ${userId} as owned,
        case when t.owner_id = ${userId} then 3 else coalesce(trees.rank, 0) end as rank,
        coalesce(trees.has_points, false) as has_points
      from t left join trees on trees.anchor_id = t.anchor_id and t.owner_id <> ${userId}`,
  );
  for (const row of rows) ranks.set(Number(row.id), Number(row.rank));
  // Then, only for nodes not yet at write or better in trees where the caller holds narrowed grants or
  // shares, walk up the main-tree ancestors to find them.
  const open = rows.filter((r) => !r.owned && Number(r.rank) < 2 && r.has_points).map((r) => Number(r.id));
  if (open.length === 0) return ranks;
  const shared = await queryRows<{ id: number; rank: number }>(
    db,
    sql`with recursive
      t as (select id, anchor_id, parent_id from dnode where id = any(${idArray(open)})),
      points as (
        select g.descendent_id as node, g.anchor_id as anchor, ${rankOf(sql`g.auth_type`)} as rank
          from anchor_grant g
          where g.descendent_id is not null and (g.user_id = ${userId} or g.user_id is null)
            and g.anchor_id in (select anchor_id from t)
        union all
        select p.dnode_id, null, case when p.can_write then 2 else 1 end
          from dnode_permission p
          where p.user_id = ${userId} and (p.can_read or p.can_write)),
      point_anchors as (
        select p.anchor from points p where p.anchor is not null
        union
        select d.anchor_id from points p join dnode d on d.id = p.node where p.anchor is null),
      up(target, node, parent_id, depth) as (
        select t.id, t.id, t.parent_id, 0 from t where t.anchor_id in (select anchor from point_anchors)
        union all
        select up.target, d.id, d.parent_id, up.depth + 1 from up join dnode d on d.id = up.parent_id
          where up.depth < ${MAX_DEPTH})
      select up.target as id, max(p.rank) as rank
        from up join points p on p.node = up.node join t on t.id = up.target
        where p.anchor is null or p.anchor = t.anchor_id
        group by up.target`,
  );
  for (const row of shared) {
    const id = Number(row.id);
    ranks.set(id, Math.max(ranks.get(id) ?? 0, Number(row.rank)));
  }
  return ranks;
}

/** Rights on many nodes at once, in one query: id -> rights; missing ids are absent from the map. */
export async function rightsOnIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<Map<number, NodeRights>> {
  const ranks = await ranksOnIds(db, userId, ids);
  const rights = new Map<number, NodeRights>();
  for (const id of ids) rights.set(id, rightsOfRank(ranks.get(id) ?? 0));
  return rights;
}

/** Rights on one node. */
export async function rightsOn(db: Db | Tx, userId: number | null, id: number): Promise<NodeRights> {
  return rightsOfRank((await ranksOnIds(db, userId, [id])).get(id) ?? 0);
}

/** Throws 404 when the node is missing and 403 when the rights lack the level; otherwise returns the rights. */
export function authorize<T>(node: T | undefined, rights: NodeRights, level: Level): NodeRights {
  if (!node) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  if (!rights[level]) {
    throw level === "read" ? forbidden(MESSAGES.nodeForbidden) : forbidden(MESSAGES.nodeWriteForbidden);
  }
  return rights;
}

/**
 * A SQL condition on `dnode` for lists and search, so they filter in the database: nodes the caller owns,
 * and nodes of trees granted whole to the caller or to everyone. It leaves out published trees (search
 * covers the caller's own working set, not all public knowledge) and narrowed grants and per-node shares,
 * whose nodes a caller reaches through the tree they were shared in.
 */
export function readableSql(userId: number): SQL {
  // `= any(array(...))` runs the grant lookup once, so each side of the `or` can use its own index.
  return sql`(dnode.owner_id = ${userId} or dnode.anchor_id = any(array(
    select g.anchor_id from anchor_grant g
    where (g.user_id = ${userId} or g.user_id is null) and g.descendent_id is null)))`;
}

/**
 * The same reach as `readableSql`, as separate conditions: the caller's own nodes, and (only when the
 * caller has any) the trees granted whole to them or to everyone. Search runs one query per scope so
 * each can walk its own index in order and stop early; one `or` would make the database gather and sort
 * every match of a common word.
 */
export async function readableScopes(db: Db | Tx, userId: number): Promise<SQL[]> {
  const granted = await queryRows<{ anchor_id: number }>(
    db,
    sql`select distinct g.anchor_id from anchor_grant g
        where (g.user_id = ${userId} or g.user_id is null) and g.descendent_id is null`,
  );
  const scopes = [sql`dnode.owner_id = ${userId}`];
  if (granted.length > 0) {
    const anchors = granted.map((g) => Number(g.anchor_id));
    scopes.push(sql`dnode.anchor_id = any(${idArray(anchors)}) and dnode.owner_id <> ${userId}`);
  }
  return scopes;
}
