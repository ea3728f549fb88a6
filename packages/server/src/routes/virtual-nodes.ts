import { classListSchema, nodeServicesSchema, noInputSchema } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { allClasses, nodeServices } from "../services/nodes/virtual-nodes";
import { idParams } from "./params";

/** Computed lists that are not stored as relations (workspace-spec 7 /virtual_dnodes/). */
export const virtualNodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/virtual_dnodes/all_classes/",
    { schema: { querystring: noInputSchema, response: { 200: classListSchema } } },
    async (request) => allClasses(ctx.db, requireUser(request)),
  );
  app.get(
    "/api/virtual_dnodes/dnode_services/:id/",
    { schema: { params: idParams, response: { 200: nodeServicesSchema } } },
    async (request) => nodeServices(ctx.db, requireUser(request), request.params.id),
  );
};
