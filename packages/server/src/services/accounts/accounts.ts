import { MESSAGES, normalizeUsername, type RegisterBody, type UpdateMeBody } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../auth/password";
import { passwordProblem } from "../../auth/password-policy";
import type { TokenService } from "../../auth/tokens";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { users } from "../../db/schema";
import { AppError, conflict, notFound, unauthorized } from "../../errors";
import { writeTransaction } from "../events/write-transaction";
import { insertNodeRow } from "../nodes/write";
import { queryTerms } from "../search/lexemes";
import { nameVectorSql } from "../search/vector";
import { loginSucceeded, spendLoginAttempt, spendRegistration } from "./login-throttle";
import { endSession, rotate, startSession, type TokenPair } from "./sessions";
import { pruneCounters } from "./throttle";

export type UserRow = typeof users.$inferSelect;

/** A user name as compared: NFKC, trimmed, lower case ("ＡＬＩＣＥ" and "alice" are one name). */
export const usernameKey = (name: string) => normalizeUsername(name).toLowerCase();
/** An e-mail address as compared: trimmed, lower case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The unique index a 23505 came from, or undefined when it is not a unique violation. */
function violatedUnique(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : undefined;
  return pg ? (pg.constraint ?? "") : undefined;
}

/** A taken name or e-mail as the 409 people read; anything else passes through. */
function asTaken(error: unknown): unknown {
  const index = violatedUnique(error);
  if (index === undefined) return error;
  if (index.includes("email")) return conflict(MESSAGES.emailTaken, "EMAIL_TAKEN");
  return conflict(MESSAGES.usernameTaken, "USERNAME_TAKEN");
}

const fieldError = (field: string, message: string) =>
  new AppError(400, "VALIDATION_ERROR", message, { [field]: message });

/**
 * Creates a user with its USER-type root dnode, in one transaction. Refused: a common password or the
 * name as password (400), a name or e-mail already taken regardless of case and width (409), and more
 * than `perHour` registrations from one address in an hour (429).
 */
export async function register(db: Db, input: RegisterBody, ip: string, perHour: number): Promise<UserRow> {
  const problem = passwordProblem(input.password, input.username);
  if (problem) throw fieldError("password", problem);
  if (await spendRegistration(db, ip, perHour)) {
    throw new AppError(429, "REGISTER_RATE_LIMITED", MESSAGES.registerRateLimited);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await writeTransaction(db, null, async (tx) => {
      const user = oneRow(
        await tx
          .insert(users)
          .values({
            username: input.username,
            usernameKey: usernameKey(input.username),
            email: input.email,
            emailKey: emailKey(input.email),
            passwordHash,
            searchVector: nameVectorSql(input.username) as unknown as string,
          })
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
    throw asTaken(error);
  }
}

/**
 * The account a login names. The exact stored name wins (old accounts whose names collided before names
 * were normalised keep signing in by it), then the normalised key, then old rows without a key.
 */
async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const key = usernameKey(username);
  const rows = await db
    .select()
    .from(users)
    .where(
      // Both sides are indexed (the key, and lower(username), which an exact match also satisfies).
      sql`${users.usernameKey} = ${key} or lower(${users.username}) = lower(${username})`,
    )
    .orderBy(sql`${users.username} = ${username} desc`, sql`${users.usernameKey} = ${key} desc`, users.id)
    .limit(1);
  return rows[0];
}

/**
 * Checks credentials; the same 401 whether the name exists or not. Each attempt is counted before the
 * password is checked (per address and name, and per address), so a 429 comes however many run at once.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  input: { username: string; password: string },
  ip: string,
): Promise<{ user: UserRow } & TokenPair> {
  const nameKey = usernameKey(input.username);
  if (await spendLoginAttempt(db, ip, nameKey)) {
    throw new AppError(429, "LOGIN_RATE_LIMITED", MESSAGES.loginRateLimited);
  }
  const user = await findByUsername(db, input.username);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !ok) throw unauthorized(MESSAGES.loginFailed, "LOGIN_FAILED");
  await loginSucceeded(db, ip, nameKey);
  await pruneCounters(db);
  return { user, ...(await startSession(db, tokens, user.id)) };
}

/** Trades a refresh token for a new pair (rotation); a forged, expired, used or revoked token is a 401. */
export function refresh(db: Db, tokens: TokenService, refreshToken: string): Promise<TokenPair> {
  return rotate(db, tokens, refreshToken);
}

/** Revokes the login a refresh token belongs to. */
export function logout(db: Db, tokens: TokenService, refreshToken: string): Promise<void> {
  return endSession(db, tokens, refreshToken);
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
  if (input.email !== undefined) {
    patch.email = input.email;
    patch.emailKey = emailKey(input.email);
  }
  if (input.content) {
    // jsonb merge in SQL, so two concurrent edits of different keys both stick.
    patch.content = sql`${users.content} || ${JSON.stringify(input.content)}::jsonb` as never;
  }
  const [row] = await db
    .update(users)
    .set(patch)
    .where(eq(users.id, id))
    .returning()
    .catch((error) => {
      throw asTaken(error);
    });
  if (!row) throw notFound(MESSAGES.userNotFound, "USER_NOT_FOUND");
  if (input.content?.display_name === undefined) return row;
  // The display name is searched too (user search, people-spec 7).
  const display = typeof row.content.display_name === "string" ? row.content.display_name : "";
  const [searchable] = await db
    .update(users)
    .set({ searchVector: nameVectorSql(row.username, display) as unknown as string })
    .where(eq(users.id, id))
    .returning();
  return searchable ?? row;
}

/**
 * People and groups by name (user name or display name), pinyin and initials, like node search: names
 * starting with the text first, then names containing it, then lexeme matches (pinyin, initials,
 * Chinese bigrams); an empty text finds none.
 */
export async function searchUsers(db: Db, text: string, limit: number): Promise<UserRow[]> {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const terms = queryTerms(needle);
  // Lexemes are letters and digits only (queryTerms), so quoting them cannot break out of the literal.
  const tsquery = terms.map((t) => `'${t.lexeme}'${t.prefix ? ":*" : ""}`).join(" & ");
  const display = sql`lower(coalesce(${users.content}->>'display_name', ''))`;
  const named = sql`(lower(${users.username}) like ${`%${escaped}%`} or ${display} like ${`%${escaped}%`})`;
  const matches = tsquery ? sql`(${named} or ${users.searchVector} @@ ${tsquery}::tsquery)` : named;
  return db
    .select()
    .from(users)
    .where(matches)
    .orderBy(
      sql`(lower(${users.username}) = ${needle} or ${display} = ${needle}) desc`,
      sql`(lower(${users.username}) like ${`${escaped}%`} or ${display} like ${`${escaped}%`}) desc`,
      sql`${named} desc`,
      sql`length(${users.username})`,
      users.id,
    )
    .limit(limit);
}

/**
 * Fills the search vector of accounts made before user search had one (migration 0013), a batch at a
 * time, so old accounts are found by pinyin too. Run once at start; answers how many it filled.
 */
export async function fillUserSearchVectors(db: Db, batch = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username, content: users.content })
      .from(users)
      .where(sql`${users.searchVector} is null`)
      .limit(batch);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      const display = typeof row.content.display_name === "string" ? row.content.display_name : "";
      await db
        .update(users)
        .set({ searchVector: nameVectorSql(row.username, display) as unknown as string })
        .where(eq(users.id, row.id));
    }
    filled += rows.length;
  }
}
