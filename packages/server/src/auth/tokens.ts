import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export type TokenKind = "access" | "refresh";

export interface TokenService {
  issuePair(userId: number): Promise<{ access: string; refresh: string }>;
  /** The user id the token names, or null when it is forged, expired or of the other kind. */
  verify(token: string, kind: TokenKind): Promise<number | null>;
}

/** HS256 JWTs: short-lived access tokens and longer refresh tokens, told apart by a `typ` claim. */
export function createTokenService(secret: string, ttl: { access: number; refresh: number }): TokenService {
  const key = new TextEncoder().encode(secret);
  const sign = (userId: number, kind: TokenKind) =>
    new SignJWT({ typ: kind })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(userId))
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl[kind])
      .sign(key);
  return {
    async issuePair(userId) {
      const [access, refresh] = await Promise.all([sign(userId, "access"), sign(userId, "refresh")]);
      return { access, refresh };
    },
    async verify(token, kind) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const id = Number(payload.sub);
        return payload.typ === kind && Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
