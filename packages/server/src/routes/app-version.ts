import { appVersionSchema, noInputSchema } from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context";

/** GET /api/app-version/ — open to everyone: the client asks before anyone signs in. */
export const appVersionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/app-version/",
    { config: { public: true }, schema: { querystring: noInputSchema, response: { 200: appVersionSchema } } },
    async () => ({
      version: ctx.config.appVersion,
      updateConfig: { localStorage: false, logout: false },
    }),
  );
};
