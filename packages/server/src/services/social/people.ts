import { MESSAGES, type UserNodeJson, type UserRelationship, type UserStats } from "@zhishu/shared";
import { inArray, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { users } from "../../db/schema";
import { notFound } from "../../errors";
import { idArray } from "../../policies/node";
import { presentUserNode } from "../../presenters/user";

export type UserRow = typeof users.$inferSelect;

const ZERO: UserStats = { friends_count: 0, groups_count: 0, followers_count: 0, following_count: 0 };

/**
 * The stats of many users, counted on read from the relation tables in one query (each count an index
 * range scan). Counting, not stored counters, so no concurrent accept, join or follow can leave a count
 * wrong: the numbers are the rows.
 */
export async function statsOf(db: Db | Tx, ids: number[]): Promise<Map<number, UserStats>> {
  const stats = new Map(ids.map((id) => [id, { ...ZERO }]));
  if (ids.length === 0) return stats;
  const list = idArray(ids);
  const rows = await queryRows<{ kind: string; id: number; n: number | string }>(
    db,
    sql`select 'friends' as kind, u as id, count(*) as n from (
          select user_low as u from user_friend where user_low = any(${list})
          union all select user_high from user_friend where user_high = any(${list})) f group by u
        union all
        select 'groups', user_id, count(*) from group_member where user_id = any(${list}) group by user_id
        union all
        select 'members', group_id, count(*) from group_member where group_id = any(${list}) group by group_id
        union all
        select 'followers', followee_id, count(*) from user_follow where followee_id = any(${list})
          group by followee_id
        union all
        select 'following', follower_id, count(*) from user_follow where follower_id = any(${list})
          group by follower_id`,
  );
  for (const row of rows) {
    const entry = stats.get(Number(row.id));
    if (!entry) continue;
    const n = Number(row.n);
    if (row.kind === "friends") entry.friends_count = n;
    else if (row.kind === "groups") entry.groups_count = n;
    else if (row.kind === "members") entry.members_count = n;
    else if (row.kind === "followers") entry.followers_count = n;
    else if (row.kind === "following") entry.following_count = n;
  }
  return stats;
}

/** How the viewer stands to each of these users, in one query. */
export async function relationshipsOf(
  db: Db | Tx,
  viewer: number,
  ids: number[],
): Promise<Map<number, UserRelationship>> {
  const out = new Map<number, UserRelationship>(
    ids.map((id) => [
      id,
      {
        is_friend: false,
        is_following: false,
        is_followed_by: false,
        is_member: false,
        blocked: false,
        blocked_by: false,
        pending_request_id: null,
      },
    ]),
  );
  if (ids.length === 0) return out;
  const list = idArray(ids);
  const rows = await queryRows<{ kind: string; id: number; extra: number | null }>(
    db,
    sql`select 'friend' as kind, case when user_low = ${viewer} then user_high else user_low end as id,
               null::int as extra
          from user_friend where (user_low = ${viewer} and user_high = any(${list}))
                              or (user_high = ${viewer} and user_low = any(${list}))
        union all
        select 'following', followee_id, null from user_follow where follower_id = ${viewer} and followee_id = any(${list})
        union all
        select 'followed_by', follower_id, null from user_follow where followee_id = ${viewer} and follower_id = any(${list})
        union all
        select 'member', group_id, null from group_member where user_id = ${viewer} and group_id = any(${list})
        union all
        select 'blocked', blocked_id, null from user_block where blocker_id = ${viewer} and blocked_id = any(${list})
        union all
        select 'blocked_by', blocker_id, null from user_block where blocked_id = ${viewer} and blocker_id = any(${list})
        union all
        select 'request', case when requester_id = ${viewer} then target_id else requester_id end, node_id
          from friend_request where status = 'open'
            and ((requester_id = ${viewer} and target_id = any(${list}))
              or (target_id = ${viewer} and requester_id = any(${list})))`,
  );
  for (const row of rows) {
    const entry = out.get(Number(row.id));
    if (!entry) continue;
    if (row.kind === "friend") entry.is_friend = true;
    else if (row.kind === "following") entry.is_following = true;
    else if (row.kind === "followed_by") entry.is_followed_by = true;
    else if (row.kind === "member") entry.is_member = true;
    else if (row.kind === "blocked") entry.blocked = true;
    else if (row.kind === "blocked_by") entry.blocked_by = true;
    else if (row.kind === "request") entry.pending_request_id = Number(row.extra);
  }
  return out;
}

/** The users' rows by id (missing ids are absent). */
export async function userRows(db: Db | Tx, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** One user's row, or 404. */
export async function requireUserRow(db: Db | Tx, id: number): Promise<UserRow> {
  const row = (await userRows(db, [id])).get(id);
  if (!row) throw notFound(MESSAGES.userNotFound, "USER_NOT_FOUND");
  return row;
}

/** Virtual USER nodes for these users in the given order, with stats and (for others) the viewer's standing. */
export async function userNodes(db: Db | Tx, viewer: number, ids: number[]): Promise<UserNodeJson[]> {
  const [rows, stats, standing] = await Promise.all([
    userRows(db, ids),
    statsOf(db, ids),
    relationshipsOf(db, viewer, ids),
  ]);
  const out: UserNodeJson[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    out.push(
      presentUserNode(row, stats.get(id) ?? { ...ZERO }, id === viewer ? undefined : standing.get(id)),
    );
  }
  return out;
}

/** One user's virtual node, or 404. */
export async function userNode(db: Db | Tx, viewer: number, id: number): Promise<UserNodeJson> {
  const [node] = await userNodes(db, viewer, [id]);
  if (!node) throw notFound(MESSAGES.userNotFound, "USER_NOT_FOUND");
  return node;
}

// Advisory lock class for a person's social rows (1, 2: relation lists; 3: process trees).
const SOCIAL_LOCK = 4;

/**
 * Serialises changes between people (friend requests and their decisions, follows, blocks): one
 * transaction-scoped advisory lock per person, lower id first, so two pairs sharing a person never deadlock.
 */
export async function lockPeople(tx: Tx, ...ids: number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${SOCIAL_LOCK}, ${id})`);
  }
}

/** Whether either user blocked the other (dialogues use this for their blocked mode). */
export async function blockBetween(
  db: Db | Tx,
  a: number,
  b: number,
): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await queryRows<{ blocker_id: number }>(
    db,
    sql`select blocker_id from user_block where (blocker_id = ${a} and blocked_id = ${b})
        or (blocker_id = ${b} and blocked_id = ${a})`,
  );
  return {
    aBlockedB: rows.some((r) => Number(r.blocker_id) === a),
    bBlockedA: rows.some((r) => Number(r.blocker_id) === b),
  };
}

/** Whether the two are friends. */
export async function areFriends(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const rows = await queryRows(
    db,
    sql`select 1 from user_friend where user_low = ${low} and user_high = ${high}`,
  );
  return rows.length > 0;
}
