import { updateMeBody, userSearchQuery } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { presentPublicUser, presentSearchResult, presentSelf } from "../presenters/user";
import * as accounts from "../services/accounts/accounts";
import { idParams } from "./params";

/** The caller's own profile and other users' public profiles. */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The spec uses both spellings; the router ignores the trailing slash, so one route answers both.
  app.get("/api/user/me/", async (request) =>
    presentSelf(await accounts.getUser(ctx.db, requireUser(request))),
  );

  app.put("/api/user/me/", { schema: { body: updateMeBody } }, async (request) =>
    presentSelf(await accounts.updateMe(ctx.db, requireUser(request), request.body)),
  );

  // People-spec 7 names it both /user/search (the store, `query`) and /user/search/ (`q`, `limit`).
  app.get("/api/user/search/", { schema: { querystring: userSearchQuery } }, async (request) => {
    requireUser(request);
    const { q, query, limit } = request.query;
    return (await accounts.searchUsers(ctx.db, q ?? query ?? "", limit)).map(presentSearchResult);
  });

  app.get("/api/user/:id", { schema: { params: idParams } }, async (request) => {
    const viewer = requireUser(request);
    const user = await accounts.getUser(ctx.db, request.params.id);
    return user.id === viewer ? presentSelf(user) : presentPublicUser(user);
  });
};
