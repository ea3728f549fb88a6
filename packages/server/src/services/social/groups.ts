import { type CreateGroupBody, MESSAGES, type UserNodeJson } from "@zhishu/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { users } from "../../db/schema";
import { groupMember } from "../../db/schema-social";
import { AppError, conflict } from "../../errors";
import { usernameKey } from "../accounts/accounts";
import { followGroup } from "../dialogues/group-chats";
import { writeTransaction } from "../events/write-transaction";
import { nameVectorSql } from "../search/vector";
import { requireUserRow, userNode } from "./people";

// A group never signs in: its password hash is no scrypt hash, so every password check fails.
const NO_PASSWORD = "!group";

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * POST /api/user/group/: a GROUP user whose creator is its owner and first member. Groups share the
 * account namespace (a group cannot take a person's name, nor the reverse), so user search and /user/{id}
 * find them like people.
 */
export async function createGroup(db: Db, creatorId: number, input: CreateGroupBody): Promise<UserNodeJson> {
  await requireUserRow(db, creatorId);
  try {
    const group = await db.transaction(async (tx) => {
      const row = oneRow(
        await tx
          .insert(users)
          .values({
            username: input.group_name,
            usernameKey: usernameKey(input.group_name),
            email: "",
            passwordHash: NO_PASSWORD,
            userType: "GROUP",
            content: { description: input.description, owner_id: creatorId },
            searchVector: nameVectorSql(input.group_name) as unknown as string,
          })
          .returning(),
      );
      await tx.insert(groupMember).values({ groupId: row.id, userId: creatorId, role: "owner" });
      return row;
    });
    return userNode(db, creatorId, group.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.groupNameTaken, "GROUP_NAME_TAKEN");
    throw error;
  }
}

async function requireGroup(db: Db, groupId: number) {
  const group = await requireUserRow(db, groupId);
  if (group.userType !== "GROUP") throw new AppError(400, "NOT_A_GROUP", MESSAGES.notAGroup);
  return group;
}

/**
 * 加入群组: one insert; a second join is a 409. The group's chats take the new member in (same
 * transaction: dialogues/group-chats.ts).
 */
export async function joinGroup(db: Db, userId: number, groupId: number): Promise<UserNodeJson> {
  await requireGroup(db, groupId);
  await writeTransaction(db, userId, async (tx) => {
    const added = await tx
      .insert(groupMember)
      .values({ groupId, userId, role: "member" })
      .onConflictDoNothing()
      .returning({ groupId: groupMember.groupId });
    if (added.length === 0) throw conflict(MESSAGES.alreadyGroupMember, "ALREADY_MEMBER");
    await followGroup(tx, groupId, userId, "join");
  });
  return userNode(db, userId, groupId);
}

/**
 * 退出群组: the owner stays (409); leaving a group one is not in is a 409. The leaver leaves the group's
 * chats too, in the same transaction, so they can read and post there no more.
 */
export async function leaveGroup(db: Db, userId: number, groupId: number): Promise<UserNodeJson> {
  await requireGroup(db, groupId);
  await writeTransaction(db, userId, async (tx) => {
    const removed = await tx
      .delete(groupMember)
      .where(
        and(eq(groupMember.groupId, groupId), eq(groupMember.userId, userId), eq(groupMember.role, "member")),
      )
      .returning({ groupId: groupMember.groupId });
    if (removed.length === 0) {
      const [mine] = await tx
        .select({ role: groupMember.role })
        .from(groupMember)
        .where(and(eq(groupMember.groupId, groupId), eq(groupMember.userId, userId)));
      if (mine?.role === "owner") throw conflict(MESSAGES.groupOwnerCannotLeave, "GROUP_OWNER_CANNOT_LEAVE");
      throw conflict(MESSAGES.notGroupMember, "NOT_MEMBER");
    }
    await followGroup(tx, groupId, userId, "leave");
  });
  return userNode(db, userId, groupId);
}
