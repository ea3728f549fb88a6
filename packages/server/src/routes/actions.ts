import { actionResultSchema, idParamSchema, idSchema } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { runAction } from "../actions";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";

const actionParams = z.object({ id: idParamSchema, action: z.string().min(1).max(64) });
const paramsBody = z.record(z.string(), z.unknown()).nullish();
const nodeIdBody = z.object({ node_id: idSchema });

/** POST /api/dnode/call_action/{id}/{action} (the registry), and /api/dnode/push, /api/dnode/pull. */
export const actionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/dnode/call_action/:id/:action",
    { schema: { params: actionParams, body: paramsBody, response: { 200: actionResultSchema } } },
    async (request) =>
      runAction(ctx.db, requireUser(request), request.params.id, request.params.action, request.body ?? {}),
  );
  app.post(
    "/api/dnode/push",
    { schema: { body: nodeIdBody, response: { 200: actionResultSchema } } },
    async (request) => runAction(ctx.db, requireUser(request), request.body.node_id, "push", {}),
  );
  app.post(
    "/api/dnode/pull",
    { schema: { body: nodeIdBody, response: { 200: actionResultSchema } } },
    async (request) => runAction(ctx.db, requireUser(request), request.body.node_id, "pull", {}),
  );
};
