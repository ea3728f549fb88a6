import { MESSAGES } from "@zhishu/shared";
import type { Db, Tx } from "../db/client";
import type { DnodeWithExtras } from "../db/node-rows";
import { badRequest, forbidden } from "../errors";
import { rightsOnIds } from "./node";
import { requireNode } from "./node-access";

/**
 * Who may share, grant and publish (workspace-spec 6: "only the owner or an admin can grant"), declared
 * once; the access services ask these and never decide themselves.
 */

/** The node, when the caller is admin where a share or grant on it applies; else 403 in words that say why. */
export async function requireGrantRight(
  db: Db | Tx,
  userId: number,
  nodeId: number,
): Promise<DnodeWithExtras> {
  try {
    return await requireNode(db, userId, nodeId, "admin");
  } catch (error) {
    throw (error as { status?: number }).status === 403 ? forbidden(MESSAGES.grantForbidden) : error;
  }
}

/** Publishing is for the owner or an admin of the whole tree the node belongs to; answers the tree's anchor. */
export async function requirePublishRight(db: Db | Tx, userId: number, nodeId: number): Promise<number> {
  const node = await requireNode(db, userId, nodeId, "read");
  const anchorId = node.anchorId ?? node.id;
  const rights = (await rightsOnIds(db, userId, [anchorId])).get(anchorId);
  if (!rights?.admin) throw forbidden(MESSAGES.publishForbidden);
  return anchorId;
}

/** The owner already holds every right on their tree: a grant or share to them is refused. */
export function assertNotTheOwner(ownerId: number, targetUserId: number): void {
  if (targetUserId === ownerId) throw badRequest(MESSAGES.cannotGrantOwner);
}

/** Whether a caller sees one grant of a tree: admins see all; others only global grants and their own. */
export const maySeeGrant = (canGrant: boolean, grantee: number | null, callerId: number): boolean =>
  grantee === null || canGrant || grantee === callerId;

/**
 * A share's flags after a change of only the flags sent (the toggles send one): write implies read, so
 * turning 编辑 on turns 访问 on, and turning 访问 off turns 编辑 off.
 */
export function shareFlagsAfter(
  current: { canRead: boolean; canWrite: boolean } | undefined,
  change: { can_read?: boolean; can_write?: boolean },
): { canRead: boolean; canWrite: boolean } {
  let canRead = change.can_read ?? current?.canRead ?? false;
  let canWrite = change.can_write ?? current?.canWrite ?? false;
  if (change.can_write === true) canRead = true;
  if (change.can_read === false && change.can_write === undefined) canWrite = false;
  if (canWrite) canRead = true;
  return { canRead, canWrite };
}
