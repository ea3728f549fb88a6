import { noInputSchema, saveTabStateBody, successSchema, tabStateResponseSchema } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { getTabState, saveTabState } from "../services/accounts/tab-state";

/** /api/tabstate/*: the tab workspace saved per user (workspace-spec 7). */
export const tabStateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/tabstate/get_state/",
    { schema: { querystring: noInputSchema, response: { 200: tabStateResponseSchema } } },
    async (request) => getTabState(db, requireUser(request)),
  );

  app.post(
    "/api/tabstate/save_state/",
    { schema: { body: saveTabStateBody, response: { 200: successSchema } } },
    async (request) => {
      const body = request.body;
      await saveTabState(db, requireUser(request), "state" in body ? body.state : body);
      return { success: true };
    },
  );
};
