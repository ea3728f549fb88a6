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
 * The rule, declared once (workspace-spec 6): a signed-in caller's rank on a node is the best of
 * - admin when the caller owns the node's tree;
 * - the grants on the node's tree (anchor) to the caller or to everyone, whole tree or narrowed to a
 *   subtree that holds the node (a narrowed grant counts only while that subtree is still in the tree);
 * - read when the tree is published;
 * - per-node shares to the caller on the node or any main-tree ancestor (访问 read, 编辑 write).
 * Not signed in: no rights at all.
 *
 * It runs in two passes. The first, per node by index lookups, is a pair of SQL columns, so the query
 * that loads nodes can carry it (`firstPassColumns`); it settles ownership, whole-tree grants and
 * publishing, and says which nodes need the second. The second (`ranksAfterFirstPass`) walks up the
 * ancestors, only of nodes below write in trees where the caller holds a narrowed grant or a share.
 */
export function firstPassColumns(
  userId: number,
  owner: SQL,
  anchor: SQL,
): { rank: SQL<number>; walk: SQL<boolean> } {
  return {
    // CASE evaluates lazily: an owned node costs no lookup.
    rank: sql<number>`(case when ${owner} = ${userId} then 3 else greatest(
        coalesce((select max(${rankOf(sql`g.auth_type`)}) from anchor_grant g
                  where g.anchor_id = ${anchor} and g.descendent_id is null
                    and (g.user_id = ${userId} or g.user_id is null)), 0),
        case when exists (select 1 from anchor_setting s where s.anchor_id = ${anchor} and s.is_public)
             then 1 else 0 end) end)`,
    // An uncorrelated subquery: the trees of the caller's narrowed grants and shares, gathered once.
    walk: sql<boolean>`(${owner} <> ${userId} and ${anchor} in (
        select g.anchor_id from anchor_grant g
          where g.descendent_id is not null and (g.user_id = ${userId} or g.user_id is null)
        union
        select sd.anchor_id from dnode_permission p join dnode sd on sd.id = p.dnode_id
          where p.user_id = ${userId} and (p.can_read or p.can_write)))`,
  };
}

/** A node's first pass: its rank so far, and whether its ancestors must be walked. */
export interface FirstPass {
  id: number;
  rank: number;
  walk: boolean;
}

/** Ranks by the whole rule for many nodes: the first pass in one query, the second only where needed. */
export async function ranksOnIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0 || userId === null) return new Map();
  const first = firstPassColumns(userId, sql`t.owner_id`, sql`t.anchor_id`);
  const rows = await queryRows<FirstPass>(
    db,
    sql`select t.id, ${first.rank} as rank, ${first.walk} as walk from dnode t where t.id = any(${idArray(ids)})`,
  );
  return ranksAfterFirstPass(db, userId, rows);
}

/** The second pass: ranks from the first, raised by narrowed grants and shares on ancestors. */
export async function ranksAfterFirstPass(
  db: Db | Tx,
  userId: number,
  first: FirstPass[],
): Promise<Map<number, number>> {
  const ranks = new Map(first.map((row) => [Number(row.id), Number(row.rank)]));
  const open = first.filter((r) => r.walk && Number(r.rank) < 2).map((r) => Number(r.id));
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

/** Rights on many nodes at once (one query, a second only to walk ancestors): id -> rights; missing ids are absent. */
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

/** Rights for nodes loaded with `firstPassColumns` (as `policyRank`, `policyWalk`); rows loaded without
 * them (no caller) get the rule's full query. */
export async function rightsOfLoaded(
  db: Db | Tx,
  userId: number | null,
  rows: { id: number; policyRank?: number; policyWalk?: boolean }[],
): Promise<Map<number, NodeRights>> {
  const ids = rows.map((row) => row.id);
  if (userId === null) return new Map(ids.map((id) => [id, NO_RIGHTS]));
  if (rows.some((row) => row.policyRank === undefined)) return rightsOnIds(db, userId, ids);
  const ranks = await ranksAfterFirstPass(
    db,
    userId,
    rows.map((row) => ({ id: row.id, rank: Number(row.policyRank), walk: row.policyWalk === true })),
  );
  return new Map(ids.map((id) => [id, rightsOfRank(ranks.get(id) ?? 0)]));
}

/**
 * The same rule for many callers at once, in one query: the rank of each of `userIds` on each of
 * `nodeIds` (pairs with no right are absent). For the live channel, which checks every recipient of an
 * event batch together. Each node's main-tree ancestors are walked once, whoever asks; then ownership,
 * whole-tree grants, publishing, narrowed grants in the node's own tree (on it or an ancestor) and shares
 * (on it or an ancestor) are joined to the callers. `rights.test.ts` checks it against `ranksOnIds`.
 */
export async function ranksOfUsers(
  db: Db | Tx,
  userIds: number[],
  nodeIds: number[],
): Promise<Map<number, Map<number, number>>> {
  const result = new Map<number, Map<number, number>>();
  if (userIds.length === 0 || nodeIds.length === 0) return result;
  const rows = await queryRows<{ user_id: number; id: number; rank: number }>(
    db,
    sql`with recursive
      n as (select id, owner_id, anchor_id, parent_id from dnode where id = any(${idArray(nodeIds)})),
      u as (select distinct unnest(${idArray(userIds)}) as uid),
      up(target, node, parent_id, depth) as (
        select id, id, parent_id, 0 from n
        union all
        select up.target, d.id, d.parent_id, up.depth + 1 from up join dnode d on d.id = up.parent_id
          where up.depth < ${MAX_DEPTH}),
      ranks(uid, id, rank) as (
        select n.owner_id, n.id, 3 from n join u on u.uid = n.owner_id
        union all
        select u.uid, n.id, ${rankOf(sql`g.auth_type`)} from n
          join anchor_grant g on g.anchor_id = n.anchor_id and g.descendent_id is null
          join u on g.user_id = u.uid or g.user_id is null
        union all
        select u.uid, n.id, 1 from n
          join anchor_setting s on s.anchor_id = n.anchor_id and s.is_public cross join u
        union all
        select u.uid, up.target, ${rankOf(sql`g.auth_type`)} from up
          join n on n.id = up.target
          join anchor_grant g on g.descendent_id = up.node and g.anchor_id = n.anchor_id
          join u on g.user_id = u.uid or g.user_id is null
        union all
        select p.user_id, up.target, case when p.can_write then 2 else 1 end from up
          join dnode_permission p on p.dnode_id = up.node and (p.can_read or p.can_write)
          join u on u.uid = p.user_id)
    select uid as user_id, id, max(rank)::int as rank from ranks group by uid, id`,
  );
  for (const row of rows) {
    const user = Number(row.user_id);
    const ranks = result.get(user) ?? new Map<number, number>();
    result.set(user, ranks);
    ranks.set(Number(row.id), Number(row.rank));
  }
  return result;
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
