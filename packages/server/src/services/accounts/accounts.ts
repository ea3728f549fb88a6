import { MESSAGES, type RegisterBody, type UpdateMeBody } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../auth/password";
import type { TokenService } from "../../auth/tokens";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { users } from "../../db/schema";
import { AppError, conflict, notFound, unauthorized } from "../../errors";
import { writeTransaction } from "../events/write-transaction";
import { insertNodeRow } from "../nodes/write";
import { clearFailures, isThrottled, recordFailure } from "./login-throttle";

export type UserRow = typeof users.$inferSelect;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Creates a user with its USER-type root dnode, in one transaction. A taken name is a 409. */
export async function register(db: Db, input: RegisterBody): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await writeTransaction(db, null, async (tx) => {
      const user = oneRow(
        await tx
          .insert(users)
          .values({ username: input.username, email: input.email, passwordHash })
          .returning(),
      );
      const rootId = await insertNodeRow(tx, {
        name: input.username,
        type: "USER",
        parentId: null,
        mainRelation: null,
        ownerId: user.id,
        creatorId: user.id,
        anchorId: "self",
      });
      return oneRow(
        await tx.update(users).set({ rootNodeId: rootId }).where(eq(users.id, user.id)).returning(),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken, "USERNAME_TAKEN");
    throw error;
  }
}

async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return rows[0];
}

/** Checks credentials; the same 401 whether the name exists or not, and a 429 after too many failures. */
export async function login(
  db: Db,
  tokens: TokenService,
  input: { username: string; password: string },
  ip: string,
): Promise<{ user: UserRow; access: string; refresh: string }> {
  if (await isThrottled(db, ip, input.username)) {
    throw new AppError(429, "LOGIN_RATE_LIMITED", MESSAGES.loginRateLimited);
  }
  const user = await findByUsername(db, input.username);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !ok) {
    await recordFailure(db, ip, input.username);
    throw unauthorized(MESSAGES.loginFailed, "LOGIN_FAILED");
  }
  await clearFailures(db, ip, input.username);
  return { user, ...(await tokens.issuePair(user.id)) };
}

/** Trades a valid refresh token for a new pair; a forged, expired or orphaned token is a 401. */
export async function refresh(db: Db, tokens: TokenService, refreshToken: string) {
  const userId = await tokens.verify(refreshToken, "refresh");
  if (userId === null || !(await findById(db, userId))) {
    throw unauthorized(MESSAGES.refreshInvalid, "REFRESH_INVALID");
  }
  return tokens.issuePair(userId);
}

/** The user row, or undefined. */
export async function findById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

/** The user row, or a 404 in Chinese. */
export async function getUser(db: Db, id: number): Promise<UserRow> {
  const user = await findById(db, id);
  if (!user) throw notFound(MESSAGES.userNotFound, "USER_NOT_FOUND");
  return user;
}

/** Updates the caller's own profile: email and the public content keys. */
export async function updateMe(db: Db, id: number, input: UpdateMeBody): Promise<UserRow> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.email !== undefined) patch.email = input.email;
  if (input.content) {
    // jsonb merge in SQL, so two concurrent edits of different keys both stick.
    patch.content = sql`${users.content} || ${JSON.stringify(input.content)}::jsonb` as never;
  }
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  if (!row) throw notFound(MESSAGES.userNotFound, "USER_NOT_FOUND");
  return row;
}

/** People by name: names starting with the text first, then names containing it; an empty text finds none. */
export async function searchUsers(db: Db, text: string, limit: number): Promise<UserRow[]> {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) like ${`%${escaped}%`}`)
    .orderBy(
      sql`lower(${users.username}) like ${`${escaped}%`} desc`,
      sql`length(${users.username})`,
      users.id,
    )
    .limit(limit);
}
