import { randomUUID } from "node:crypto";
import { MESSAGES } from "@zhishu/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { TokenService } from "../../auth/tokens";
import type { Db } from "../../db/client";
import { refreshToken } from "../../db/schema";
import { unauthorized } from "../../errors";

/** An access token and the refresh token that renews it. */
export interface TokenPair {
  access: string;
  refresh: string;
}

const refreshInvalid = () => unauthorized(MESSAGES.refreshInvalid, "REFRESH_INVALID");

async function issue(db: Db, tokens: TokenService, userId: number, family: string): Promise<TokenPair> {
  const refresh = await tokens.signRefresh(userId, family);
  await db.insert(refreshToken).values({ id: refresh.jti, family, userId, expiresAt: refresh.expiresAt });
  return { access: await tokens.signAccess(userId), refresh: refresh.token };
}

/** Starts a login: a new token family whose first refresh token is stored server-side. */
export async function startSession(db: Db, tokens: TokenService, userId: number): Promise<TokenPair> {
  // Spent tokens are kept until they expire (a replay must still be recognised), then dropped.
  await db.delete(refreshToken).where(sql`${refreshToken.expiresAt} < now()`);
  return issue(db, tokens, userId, randomUUID());
}

/** Ends every token of a login (logout, or a replayed refresh token). */
async function revokeFamily(db: Db, family: string): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshToken.family, family), isNull(refreshToken.revokedAt)));
}

/**
 * Trades a refresh token for a new pair, once. The old one is claimed by one conditional UPDATE, so of
 * two parallel trades only one wins. A token shown again after it was used means two holders (a thief
 * and the owner): the whole family is revoked, so both must log in again.
 */
export async function rotate(db: Db, tokens: TokenService, token: string): Promise<TokenPair> {
  const check = await tokens.checkRefresh(token);
  if (!check.ok) throw refreshInvalid();
  const { jti, family, userId } = check.claims;
  const claimed = await db
    .update(refreshToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshToken.id, jti),
        eq(refreshToken.userId, userId),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        gt(refreshToken.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: refreshToken.id });
  if (claimed.length === 0) {
    await revokeFamily(db, family);
    throw refreshInvalid();
  }
  return issue(db, tokens, userId, family);
}

/**
 * Logout: revokes the login the refresh token belongs to. An expired token has nothing left to revoke
 * and is accepted quietly; a forged one is a 401.
 */
export async function endSession(db: Db, tokens: TokenService, token: string): Promise<void> {
  const check = await tokens.checkRefresh(token);
  if (check.ok) return revokeFamily(db, check.claims.family);
  if (!check.expired) throw refreshInvalid();
}
