import { idSchema } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ActionResult, findAction } from "../actions";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { loadNodeRows, presentNodes, requireNode } from "../services/node-read";

const actionParams = z.object({ id: idSchema, action: z.string().min(1).max(64) });
const paramsBody = z.record(z.string(), z.unknown()).nullish();
const nodeIdBody = z.object({ node_id: idSchema });

/** Runs a registered action on a node after the policy check, and answers in the spec's shape. */
async function runAction(
  db: Db,
  userId: number,
  nodeId: number,
  name: string,
  params: Record<string, unknown>,
) {
  const action = findAction(name);
  const node = await requireNode(db, userId, nodeId, action.level);
  const result: ActionResult = await action.run({ db, userId, node, params });
  const rows = await loadNodeRows(db, result.dnodeIds ?? [], userId);
  return {
    success: result.success ?? true,
    message: result.message ?? "",
    task_id: result.taskId ?? null,
    deleted_dnode_ids: result.deletedIds ?? [],
    dnodes: await presentNodes(db, userId, rows),
    ...result.extra,
  };
}

/** POST /api/dnode/call_action/{id}/{action} (the registry), and /api/dnode/push, /api/dnode/pull. */
export const actionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/dnode/call_action/:id/:action",
    { schema: { params: actionParams, body: paramsBody } },
    async (request) =>
      runAction(ctx.db, requireUser(request), request.params.id, request.params.action, request.body ?? {}),
  );
  app.post("/api/dnode/push", { schema: { body: nodeIdBody } }, async (request) =>
    runAction(ctx.db, requireUser(request), request.body.node_id, "push", {}),
  );
  app.post("/api/dnode/pull", { schema: { body: nodeIdBody } }, async (request) =>
    runAction(ctx.db, requireUser(request), request.body.node_id, "pull", {}),
  );
};
