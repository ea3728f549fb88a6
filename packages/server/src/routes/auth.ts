import {
  loginBody,
  loginResponseSchema,
  refreshBody,
  registerBody,
  registerResponseSchema,
  tokenPairSchema,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { presentSelf } from "../presenters/user";
import * as accounts from "../services/accounts/accounts";

/** Register, login and token refresh (people-spec 7 "Auth and users"). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/register",
    { config: { public: true }, schema: { body: registerBody, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      const user = await accounts.register(ctx.db, request.body);
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
};
