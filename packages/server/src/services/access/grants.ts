import { type AnchorAuthInfo, type AuthType, type CheckPermissionResult, MESSAGES } from "@zhishu/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { anchorGrant, anchorSetting, users } from "../../db/schema";
import { badRequest } from "../../errors";
import { authorize, rightsOn, rightsOnIds } from "../../policies/node";
import { loadNodeRow, requireNode } from "../../policies/node-access";
import { assertNotTheOwner, maySeeGrant, requireGrantRight } from "../../policies/sharing";
import { getUser } from "../accounts/accounts";

/**
 * Access info of trees the caller may read, keyed by anchor id, in three queries whatever the count.
 * Only those who may grant see everyone's grants; a reader sees the tree's public state, the global
 * grants and their own.
 */
export async function anchorAuthInfo(
  db: Db,
  userId: number,
  anchorIds: number[],
): Promise<Map<number, AnchorAuthInfo>> {
  const unique = [...new Set(anchorIds)];
  const rights = await rightsOnIds(db, userId, unique);
  const readable = unique.filter((id) => rights.get(id)?.read);
  const result = new Map<number, AnchorAuthInfo>();
  if (readable.length === 0) return result;
  const [settings, grants] = await Promise.all([
    db
      .select()
      .from(anchorSetting)
      .where(and(inArray(anchorSetting.anchorId, readable), eq(anchorSetting.isPublic, true))),
    db
      .select({
        id: anchorGrant.id,
        anchorId: anchorGrant.anchorId,
        userId: anchorGrant.userId,
        username: users.username,
        authType: anchorGrant.authType,
        descendentId: anchorGrant.descendentId,
      })
      .from(anchorGrant)
      .leftJoin(users, eq(users.id, anchorGrant.userId))
      .where(inArray(anchorGrant.anchorId, readable))
      .orderBy(anchorGrant.id),
  ]);
  const published = new Set(settings.map((s) => s.anchorId));
  for (const id of readable) {
    result.set(id, {
      anchor_id: id,
      is_public: published.has(id),
      global_permissions: [],
      user_permissions: [],
      can_grant: rights.get(id)!.admin,
    });
  }
  for (const g of grants) {
    const info = result.get(g.anchorId)!;
    if (g.userId === null) {
      info.global_permissions.push({ id: g.id, auth_type: g.authType, descendent_id: g.descendentId });
    } else if (maySeeGrant(info.can_grant, g.userId, userId)) {
      info.user_permissions.push({
        id: g.id,
        user: { id: g.userId, username: g.username ?? "" },
        auth_type: g.authType,
        descendent_id: g.descendentId,
      });
    }
  }
  return result;
}

/** GET /api/anchor-auth/: one tree's access info; 404 when missing, 403 when the caller cannot read it. */
export async function oneAnchorAuth(db: Db, userId: number, anchorId: number): Promise<AnchorAuthInfo> {
  await requireNode(db, userId, anchorId, "read");
  return (await anchorAuthInfo(db, userId, [anchorId])).get(anchorId)!;
}

/**
 * GET /api/anchor-auth/check-permission/: whether the target user has the level on the node (any level
 * when none is asked), and whether the caller may grant it. The caller must be able to read the node, so
 * nobody learns about a tree they cannot see.
 */
export async function checkPermission(
  db: Db,
  userId: number,
  input: { node_id: number; target_user_id: number; auth_type?: AuthType },
): Promise<CheckPermissionResult> {
  const [node, mine] = await Promise.all([
    loadNodeRow(db, input.node_id),
    rightsOn(db, userId, input.node_id),
  ]);
  authorize(node, mine, "read");
  await getUser(db, input.target_user_id);
  const theirs = await rightsOn(db, input.target_user_id, input.node_id);
  return { has_permission: theirs[input.auth_type ?? "read"], can_grant: mine.admin };
}

export interface ManageGrantInput {
  dnode_id?: number;
  anchor_id?: number;
  descendent_id?: number | null;
  user_id: number | null;
  auth_type: AuthType | "none" | null;
}

/**
 * POST /api/anchor-auth/manage/: sets (or with auth_type null / "none" withdraws) one grant. The dnode
 * form grants on the node's subtree, the whole tree when the node is the tree's root. The caller must
 * be admin where the grant applies: on the subtree for a narrowed grant, on the tree otherwise.
 */
export async function manageGrant(db: Db, userId: number, input: ManageGrantInput) {
  const { anchorId, descendentId } = await grantScope(db, input);
  await requireGrantRight(db, userId, descendentId ?? anchorId);
  const anchor = (await loadNodeRow(db, anchorId))!;
  if (input.user_id !== null) {
    await getUser(db, input.user_id);
    assertNotTheOwner(anchor.ownerId, input.user_id);
  }
  const key = sql`anchor_id = ${anchorId} and coalesce(user_id, 0) = ${input.user_id ?? 0}
    and coalesce(descendent_id, 0) = ${descendentId ?? 0}`;
  if (input.auth_type === null || input.auth_type === "none") {
    await db.execute(sql`delete from anchor_grant where ${key}`);
    return { success: true, anchor_id: anchorId, grant: null };
  }
  // The unique key is on expressions (coalesce), which the query builder's upsert cannot name.
  const [grant] = await queryRows<{
    id: number;
    user_id: number | null;
    auth_type: string;
    descendent_id: number | null;
  }>(
    db,
    sql`insert into anchor_grant (anchor_id, user_id, auth_type, descendent_id, granted_by)
        values (${anchorId}, ${input.user_id}, ${input.auth_type}, ${descendentId}, ${userId})
        on conflict (anchor_id, coalesce(user_id, 0), coalesce(descendent_id, 0))
        do update set auth_type = excluded.auth_type, granted_by = excluded.granted_by
        returning id, user_id, auth_type, descendent_id`,
  );
  return {
    success: true,
    anchor_id: anchorId,
    grant: {
      id: grant!.id,
      anchor_id: anchorId,
      user_id: grant!.user_id,
      auth_type: grant!.auth_type,
      descendent_id: grant!.descendent_id,
    },
  };
}

/** Which tree and subtree a manage call names; 404 for missing nodes, 400 for a subtree outside the tree. */
async function grantScope(db: Db, input: ManageGrantInput) {
  if (input.dnode_id !== undefined) {
    const node = await loadNodeRow(db, input.dnode_id);
    if (!node) return { anchorId: input.dnode_id, descendentId: null }; // requireNode answers 404
    const anchorId = node.anchorId ?? node.id;
    return { anchorId, descendentId: anchorId === node.id ? null : node.id };
  }
  const anchorId = input.anchor_id!;
  const anchor = await loadNodeRow(db, anchorId);
  if (anchor && (anchor.anchorId ?? anchor.id) !== anchor.id) throw badRequest(MESSAGES.notAnAnchor);
  const descendentId = input.descendent_id ?? null;
  if (anchor && descendentId !== null && descendentId !== anchorId) {
    const descendent = await loadNodeRow(db, descendentId);
    if (descendent && descendent.anchorId !== anchorId) throw badRequest(MESSAGES.descendentNotInTree);
  }
  return { anchorId, descendentId: descendentId === anchorId ? null : descendentId };
}
