import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { authPlugin } from "./auth/plugin";
import { createTokenService } from "./auth/tokens";
import type { AppConfig } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { installErrorHandler } from "./errors";
import { clientErrorHandler, frameworkErrors } from "./http/framework-errors";
import { inputGuard } from "./http/input-guard";
import { installJsonBodyParser } from "./http/json-body";
import { requestForLog } from "./http/log-safety";
import { recordRoutes } from "./http/route-catalog";
import { installSecurityHeaders } from "./http/security-headers";
import { websocketRoutes } from "./realtime/websocket";
import { accessRoutes } from "./routes/access";
import { actionRoutes } from "./routes/actions";
import { appVersionRoutes } from "./routes/app-version";
import { authRoutes } from "./routes/auth";
import { dnodeRoutes } from "./routes/dnode";
import { dnodeReadRoutes } from "./routes/dnode-reads";
import { moveRoutes } from "./routes/moves";
import { relationRoutes } from "./routes/relations";
import { tabStateRoutes } from "./routes/tab-state";
import { uploadRoutes } from "./routes/uploads";
import { userRoutes } from "./routes/users";
import { virtualNodeRoutes } from "./routes/virtual-nodes";
import { webRoutes } from "./routes/web";

/** JSON bodies above this are refused with 413; uploads have their own, larger limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Fastify's form of TRUST_PROXY: a hop count becomes "trust the first n hops from this server". */
function trustProxyOption(setting: AppConfig["trustProxy"]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole server on an open database; main.ts and the tests both use it. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream,
            // Websocket tokens ride in the query string: never let them into the log.
            serializers: { req: requestForLog as never },
          },
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRoutes(app);
  installErrorHandler(app);
  installJsonBodyParser(app);
  await installSecurityHeaders(app);

  const tokens = createTokenService(config.jwtSecret, {
    access: config.accessTokenTtl,
    refresh: config.refreshTokenTtl,
  });
  const ctx: AppContext = { db: database.db, tokens, config };

  await app.register(authPlugin, { tokens });
  await app.register(inputGuard);
  await app.register(websocket);
  await app.register(websocketRoutes, { ctx });
  await app.register(appVersionRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(dnodeRoutes, { ctx });
  await app.register(dnodeReadRoutes, { ctx });
  await app.register(moveRoutes, { ctx });
  await app.register(relationRoutes, { ctx });
  await app.register(actionRoutes, { ctx });
  await app.register(accessRoutes, { ctx });
  await app.register(tabStateRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });
  await app.register(virtualNodeRoutes, { ctx });
  await app.register(webRoutes, { webDist: config.webDist });
  return app;
}
