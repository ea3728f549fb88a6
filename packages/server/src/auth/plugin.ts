import { MESSAGES } from "@zhishu/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unauthorized } from "../errors";
import type { TokenService } from "./tokens";

declare module "fastify" {
  interface FastifyContextConfig {
    /** True for the few calls open to anonymous callers; every other /api call needs a user. */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null for an anonymous request. */
    userId: number | null;
    /** True when a token was sent but was expired or forged. */
    tokenRejected: boolean;
  }
}

/**
 * Reads `Authorization: Bearer <access>` on every request. A bad token makes the request anonymous,
 * so calls open to everyone still answer; calls that need a user then say the login has lapsed.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  app.decorateRequest("userId", null);
  app.decorateRequest("tokenRejected", false);
  // Plain callback hooks, no promise per request (issue 18 point 2): a token verified before is known at
  // once; only a new one waits for its signature check.
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done();
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) {
      request.tokenRejected = true;
      return done();
    }
    const known = opts.tokens.knownAccess(token);
    if (known !== undefined) {
      request.userId = known;
      return done();
    }
    opts.tokens.verifyAccess(token).then((userId) => {
      if (userId === null) request.tokenRejected = true;
      else request.userId = userId;
      done();
    }, done);
  });
  // Before body validation, so an anonymous caller hears "log in" rather than what is wrong with the body.
  // (A throw here is the request's error, as a rejection of an async hook was.)
  app.addHook("preValidation", (request, _reply, done) => {
    const route = request.routeOptions;
    if (route.url?.startsWith("/api/") && !route.config?.public) requireUser(request);
    done();
  });
});

/** The caller's user id; a 401 when nobody is signed in. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId !== null) return request.userId;
  throw request.tokenRejected ? unauthorized(MESSAGES.tokenInvalid, "TOKEN_INVALID") : unauthorized();
}
