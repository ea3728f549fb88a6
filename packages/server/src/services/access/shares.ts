import { MESSAGES, type SharePermission } from "@zhishu/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dnodePermission, users } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { assertNotTheOwner, requireGrantRight, shareFlagsAfter } from "../../policies/sharing";
import { getUser } from "../accounts/accounts";

async function findShare(db: Db, dnodeId: number, targetId: number) {
  const [row] = await db
    .select()
    .from(dnodePermission)
    .where(and(eq(dnodePermission.dnodeId, dnodeId), eq(dnodePermission.userId, targetId)));
  return row;
}

const present = (
  row: typeof dnodePermission.$inferSelect | undefined,
  dnodeId: number,
  targetId: number,
): SharePermission =>
  row
    ? { id: row.id, dnode: row.dnodeId, user: row.userId, can_read: row.canRead, can_write: row.canWrite }
    : { id: null, dnode: dnodeId, user: targetId, can_read: false, can_write: false };

/** GET /api/dnode-permission/?dnode_id&user_id: one user's share; a user may always ask about their own. */
export async function getShare(db: Db, userId: number, dnodeId: number, targetId: number) {
  if (targetId === userId) await requireNode(db, userId, dnodeId, "read");
  else await requireGrantRight(db, userId, dnodeId);
  return present(await findShare(db, dnodeId, targetId), dnodeId, targetId);
}

/** GET /api/dnode-permission/?dnode_id: everyone the node is shared with (for its admins). */
export async function listShares(db: Db, userId: number, dnodeId: number): Promise<SharePermission[]> {
  await requireGrantRight(db, userId, dnodeId);
  const rows = await db
    .select({ share: dnodePermission, username: users.username })
    .from(dnodePermission)
    .innerJoin(users, eq(users.id, dnodePermission.userId))
    .where(eq(dnodePermission.dnodeId, dnodeId))
    .orderBy(dnodePermission.id);
  return rows.map((r) => ({ ...present(r.share, dnodeId, r.share.userId), user_name: r.username }));
}

/**
 * POST and PUT /api/dnode-permission/: changes only the flags sent (the toggles send one). Write implies
 * read, so turning 编辑 on turns 访问 on, and turning 访问 off turns 编辑 off.
 */
export async function setShare(
  db: Db,
  userId: number,
  input: { dnode: number; user: number; can_read?: boolean; can_write?: boolean },
): Promise<SharePermission> {
  if (input.can_read === undefined && input.can_write === undefined) throw badRequest(MESSAGES.missingParams);
  const node = await requireGrantRight(db, userId, input.dnode);
  await getUser(db, input.user);
  assertNotTheOwner(node.ownerId, input.user);
  const { canRead, canWrite } = shareFlagsAfter(await findShare(db, input.dnode, input.user), input);
  const [row] = await db
    .insert(dnodePermission)
    .values({ dnodeId: input.dnode, userId: input.user, canRead, canWrite, grantedBy: userId })
    .onConflictDoUpdate({
      target: [dnodePermission.dnodeId, dnodePermission.userId],
      set: { canRead, canWrite, grantedBy: userId },
    })
    .returning();
  return present(row, input.dnode, input.user);
}

/** DELETE /api/dnode-permission/?dnode_id&user_id: withdraws the share; takes effect on the next request. */
export async function deleteShare(db: Db, userId: number, dnodeId: number, targetId: number) {
  await requireGrantRight(db, userId, dnodeId);
  await db
    .delete(dnodePermission)
    .where(and(eq(dnodePermission.dnodeId, dnodeId), eq(dnodePermission.userId, targetId)));
  return { success: true };
}
