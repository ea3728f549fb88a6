import {
  loginBody,
  loginResponseSchema,
  MESSAGES,
  refreshBody,
  registerBody,
  registerResponseSchema,
  successMessageSchema,
  tokenPairSchema,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { presentSelf } from "../presenters/user";
import * as accounts from "../services/accounts/accounts";

/** Register, login, token refresh and logout (people-spec 7 "Auth and users"). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/register",
    { config: { public: true }, schema: { body: registerBody, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      const { db, config } = ctx;
      const user = await accounts.register(db, request.body, request.ip, config.registerLimitPerHour);
      return reply.status(201).send({ success: true, user: presentSelf(user) });
    },
  );

  app.post(
    "/api/login",
    { config: { public: true }, schema: { body: loginBody, response: { 200: loginResponseSchema } } },
    async (request) => {
      const { user, access, refresh } = await accounts.login(ctx.db, ctx.tokens, request.body, request.ip);
      return { user: presentSelf(user), access, refresh };
    },
  );

  app.post(
    "/api/token/refresh/",
    { config: { public: true }, schema: { body: refreshBody, response: { 200: tokenPairSchema } } },
    async (request) => accounts.refresh(ctx.db, ctx.tokens, request.body.refresh),
  );

  // Public: a lapsed access token must not stop anyone from ending their login.
  app.post(
    "/api/logout",
    { config: { public: true }, schema: { body: refreshBody, response: { 200: successMessageSchema } } },
    async (request) => {
      await accounts.logout(ctx.db, ctx.tokens, request.body.refresh);
      return { success: true, message: MESSAGES.loggedOut };
    },
  );
};
