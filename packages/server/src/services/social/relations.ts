import { MESSAGES, type UserNodeJson, type UserRelationsQuery } from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { badRequest } from "../../errors";
import { requireUserRow, userNodes } from "./people";

type ListKind = "FRIEND" | "GROUP" | "FOLLOWER" | "FOLLOWING" | "MEMBER";

/** relation_type as asked, with `side` (followers / following) deciding the follow direction. */
export function listKind(query: Pick<UserRelationsQuery, "relation_type" | "side">): ListKind {
  const type = query.relation_type;
  const follows = type === undefined || type === "FOLLOW" || type === "FOLLOWER" || type === "FOLLOWING";
  if (query.side && follows) return query.side === "followers" ? "FOLLOWER" : "FOLLOWING";
  if (type === undefined) throw badRequest(MESSAGES.relationTypeInvalid);
  return type === "FOLLOW" ? "FOLLOWER" : type;
}

/** Each list as (id, at): the related user and when the link was made. */
function listSql(kind: ListKind, u: number): SQL {
  switch (kind) {
    case "FRIEND":
      return sql`select case when user_low = ${u} then user_high else user_low end as id, created_at as at
                 from user_friend where user_low = ${u} or user_high = ${u}`;
    case "GROUP":
      return sql`select group_id as id, created_at as at from group_member where user_id = ${u}`;
    case "MEMBER":
      // The owner first: members listed by the time they joined, owner's row being the oldest.
      return sql`select user_id as id, created_at as at from group_member where group_id = ${u}`;
    case "FOLLOWER":
      return sql`select follower_id as id, created_at as at from user_follow where followee_id = ${u}`;
    case "FOLLOWING":
      return sql`select followee_id as id, created_at as at from user_follow where follower_id = ${u}`;
  }
}

/**
 * GET /api/user/virtual-node/relations/: a page of the users related to `user_id` (FRIEND, GROUP, FOLLOWER,
 * FOLLOWING, MEMBER), as virtual nodes. MEMBER lists oldest first (the owner leads); the others newest first.
 */
export async function relatedUsers(
  db: Db,
  viewer: number,
  query: UserRelationsQuery,
): Promise<{
  relation_type: string;
  results: UserNodeJson[];
  total: number;
  page: number;
  page_size: number;
}> {
  const kind = listKind(query);
  await requireUserRow(db, query.user_id);
  const list = listSql(kind, query.user_id);
  const order = kind === "MEMBER" ? sql`at asc, id asc` : sql`at desc, id desc`;
  const [rows, counted] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select id from (${list}) l order by ${order}
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${list}) l`),
  ]);
  return {
    relation_type: kind,
    results: await userNodes(
      db,
      viewer,
      rows.map((r) => Number(r.id)),
    ),
    total: Number(counted[0]?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}
