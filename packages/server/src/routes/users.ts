import {
  noInputSchema,
  updateMeBody,
  userJsonSchema,
  userSearchQuery,
  userSearchResultSchema,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { presentPublicUser, presentSelf } from "../presenters/user";
import * as accounts from "../services/accounts/accounts";
import { userNodes } from "../services/social/people";
import { idParams } from "./params";

/** The caller's own profile and other users' public profiles. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The spec uses both spellings; the router ignores the trailing slash, so one route answers both.
  app.get(
    "/api/user/me/",
    { schema: { querystring: noInputSchema, response: { 200: userJsonSchema } } },
    async (request) => presentSelf(await accounts.getUser(ctx.db, requireUser(request))),
  );

  app.put(
    "/api/user/me/",
    { schema: { body: updateMeBody, response: { 200: userJsonSchema } } },
    async (request) => presentSelf(await accounts.updateMe(ctx.db, requireUser(request), request.body)),
  );

  // People-spec 7 names it both /user/search (the store, `query`) and /user/search/ (`q`, `limit`).
  app.get(
    "/api/user/search/",
    { schema: { querystring: userSearchQuery, response: { 200: z.array(userSearchResultSchema) } } },
    async (request) => {
      const viewer = requireUser(request);
      const { q, query, limit } = request.query;
      const found = await accounts.searchUsers(ctx.db, q ?? query ?? "", limit);
      return userNodes(
        ctx.db,
        viewer,
        found.map((row) => row.id),
      );
    },
  );

  app.get(
    "/api/user/:id",
    { schema: { params: idParams, response: { 200: userJsonSchema } } },
    async (request) => {
      const viewer = requireUser(request);
      const user = await accounts.getUser(ctx.db, request.params.id);
      return user.id === viewer ? presentSelf(user) : presentPublicUser(user);
    },
  );
};
