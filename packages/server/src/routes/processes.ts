import { myProcessesQuery, myProcessesResponse } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { myProcesses } from "../services/processes/mine";

/** Processes as a person follows them (people-spec 7 "Agents and processes"). */
export const processRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/process/my_processes/",
    { schema: { querystring: myProcessesQuery, response: { 200: myProcessesResponse } } },
    async (request) => myProcesses(ctx.db, requireUser(request), request.query),
  );
};
