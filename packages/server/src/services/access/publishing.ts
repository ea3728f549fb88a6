import type { DnodeJson } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { anchorSetting } from "../../db/schema";
import { rightsOnIds } from "../../policies/node";
import { requirePublishRight } from "../../policies/sharing";
import { getUser } from "../accounts/accounts";
import { presentNodeIds } from "../nodes/read";

/**
 * POST /api/anchor-auth/publish/: publishes (or withdraws) the whole tree the node belongs to. A published
 * tree is readable by everyone signed in and writable by no one new. Owner or tree admin only.
 */
export async function publish(db: Db, userId: number, dnodeId: number, isPublic: boolean) {
  const anchorId = await requirePublishRight(db, userId, dnodeId);
  const publishedAt = isPublic ? new Date() : null;
  await db
    .insert(anchorSetting)
    .values({ anchorId, isPublic, publishedAt, publishedBy: userId })
    .onConflictDoUpdate({
      target: anchorSetting.anchorId,
      set: { isPublic, publishedAt, publishedBy: userId },
    });
  return { success: true, anchor_id: anchorId, is_public: isPublic };
}

/** GET /api/public-knowledge/: published trees, newest first, a page at a time. */
export async function publicKnowledge(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ results: DnodeJson[]; total: number }> {
  const [rows, counted] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select anchor_id as id from anchor_setting where is_public
          order by published_at desc, anchor_id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from anchor_setting where is_public`),
  ]);
  return {
    results: await presentNodeIds(
      db,
      userId,
      rows.map((r) => Number(r.id)),
    ),
    total: Number(counted[0]?.total ?? 0),
  };
}

// A friend request reaches its target, and a dialogue its participants, through a read grant on its own
// tree (services/social, services/dialogues): those are messages, not shared trees, so the profile's
// shared / received lists leave them out.
const NOT_FRIEND_REQUEST = sql`not (d.type = 'PROCESS' and d.content->>'xtype' = 'FriendRequestProcess')
  and d.type <> 'DIALOGUE'`;

// A person shares and receives a bounded number of trees; lists past this are cut, not paged in SQL.
const MAX_LISTED = 2_000;

/**
 * GET /api/user/public-anchors/: a user's published trees (public), the trees they share with others
 * (shared), or the trees and subtrees others share with them (received). Every list holds only what the
 * caller may read, so nobody learns of a tree through someone else's profile.
 */
export async function userAnchors(
  db: Db,
  callerId: number,
  input: { user_id: number; type: "public" | "shared" | "received"; limit: number; offset: number },
): Promise<{ results: DnodeJson[]; total: number }> {
  await getUser(db, input.user_id);
  const u = input.user_id;
  const query = {
    public: sql`select s.anchor_id as id, s.published_at as at from anchor_setting s
        join dnode d on d.id = s.anchor_id where s.is_public and d.owner_id = ${u}`,
    shared: sql`select d.id, max(x.at) as at from dnode d join (
          select anchor_id, created_at as at from anchor_grant
          union all
          select n.anchor_id, p.created_at from dnode_permission p join dnode n on n.id = p.dnode_id
            where p.can_read or p.can_write) x on x.anchor_id = d.id
        where d.owner_id = ${u} and ${NOT_FRIEND_REQUEST} group by d.id`,
    received: sql`select x.id, max(x.at) as at from (
          select coalesce(g.descendent_id, g.anchor_id) as id, g.created_at as at from anchor_grant g
            where g.user_id = ${u}
          union all
          select p.dnode_id, p.created_at from dnode_permission p
            where p.user_id = ${u} and (p.can_read or p.can_write)) x
        join dnode d on d.id = x.id where d.owner_id <> ${u} and ${NOT_FRIEND_REQUEST} group by x.id`,
  }[input.type];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (${query}) l order by at desc nulls last, id desc limit ${MAX_LISTED}`,
  );
  let ids = rows.map((r) => Number(r.id));
  if (callerId !== u) {
    const rights = await rightsOnIds(db, callerId, ids);
    ids = ids.filter((id) => rights.get(id)?.read);
  }
  return {
    results: await presentNodeIds(db, callerId, ids.slice(input.offset, input.offset + input.limit)),
    total: ids.length,
  };
}
