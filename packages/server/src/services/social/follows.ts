import { MESSAGES, type UserNodeJson } from "@zhishu/shared";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userBlock, userFollow } from "../../db/schema-social";
import { AppError } from "../../errors";
import { blockBetween, lockPeople, requireUserRow, userNode, userNodes } from "./people";

/**
 * Follow (关注): one row per (follower, followee); following twice changes nothing. Refused: oneself (400)
 * and someone who blocked the caller (403). The two people's social locks order it against a block.
 */
export async function follow(db: Db, userId: number, otherId: number): Promise<UserNodeJson> {
  if (otherId === userId) throw new AppError(400, "FOLLOW_SELF", MESSAGES.followSelf);
  await requireUserRow(db, otherId);
  await db.transaction(async (tx) => {
    await lockPeople(tx, userId, otherId);
    if ((await blockBetween(tx, userId, otherId)).bBlockedA) {
      throw new AppError(403, "FOLLOW_BLOCKED", MESSAGES.followBlocked);
    }
    await tx.insert(userFollow).values({ followerId: userId, followeeId: otherId }).onConflictDoNothing();
  });
  return userNode(db, userId, otherId);
}

/** Unfollow: removes the row if there is one. */
export async function unfollow(db: Db, userId: number, otherId: number): Promise<UserNodeJson> {
  await requireUserRow(db, otherId);
  await db
    .delete(userFollow)
    .where(and(eq(userFollow.followerId, userId), eq(userFollow.followeeId, otherId)));
  return userNode(db, userId, otherId);
}

/**
 * Block (拉黑) a person: the blocked one can no longer send the caller friend requests or follow them (their
 * follow goes), and dialogues between the two are in blocked mode (`blockBetween`). Blocking twice
 * changes nothing. Friendship stays (unblocking restores everything as it was).
 */
export async function block(db: Db, userId: number, otherId: number): Promise<UserNodeJson> {
  if (otherId === userId) throw new AppError(400, "BLOCK_SELF", MESSAGES.blockSelf);
  const other = await requireUserRow(db, otherId);
  if (other.userType !== "PERSON") throw new AppError(400, "BLOCK_NOT_PERSON", MESSAGES.blockNotPerson);
  await db.transaction(async (tx) => {
    await lockPeople(tx, userId, otherId);
    await tx.insert(userBlock).values({ blockerId: userId, blockedId: otherId }).onConflictDoNothing();
    await tx
      .delete(userFollow)
      .where(and(eq(userFollow.followerId, otherId), eq(userFollow.followeeId, userId)));
  });
  return userNode(db, userId, otherId);
}

/** Unblock. */
export async function unblock(db: Db, userId: number, otherId: number): Promise<UserNodeJson> {
  await requireUserRow(db, otherId);
  await db.delete(userBlock).where(and(eq(userBlock.blockerId, userId), eq(userBlock.blockedId, otherId)));
  return userNode(db, userId, otherId);
}

/** GET /api/user/blocks/: the people the caller blocked, latest first. */
export async function blockedBy(db: Db, userId: number): Promise<UserNodeJson[]> {
  const rows = await db
    .select({ id: userBlock.blockedId })
    .from(userBlock)
    .where(eq(userBlock.blockerId, userId))
    .orderBy(desc(userBlock.createdAt))
    .limit(1000);
  return userNodes(
    db,
    userId,
    rows.map((r) => r.id),
  );
}
