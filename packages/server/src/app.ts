import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { apiDocs } from "./api-docs";
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
import { processesChannel } from "./realtime/processes-channel";
import { startLiveUpdates } from "./realtime/start";
import { websocketRoutes } from "./realtime/websocket";
import { responseSerializerCompiler } from "./response-serializer";
import { accessRoutes } from "./routes/access";
import { actionRoutes } from "./routes/actions";
import { appVersionRoutes } from "./routes/app-version";
import { authRoutes } from "./routes/auth";
import { dialogueRoutes } from "./routes/dialogues";
import { dnodeRoutes } from "./routes/dnode";
import { dnodeReadRoutes } from "./routes/dnode-reads";
import { moveRoutes } from "./routes/moves";
import { processRoutes } from "./routes/processes";
import { relationRoutes } from "./routes/relations";
import { socialRoutes } from "./routes/social";
import { tabStateRoutes } from "./routes/tab-state";
import { trashRoutes } from "./routes/trash";
import { uploadRoutes } from "./routes/uploads";
import { userRoutes } from "./routes/users";
import { virtualNodeRoutes } from "./routes/virtual-nodes";
import { webRoutes } from "./routes/web";
import { parseClientId, runWithOrigin } from "./services/events/origin";

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
  app.setSerializerCompiler(responseSerializerCompiler(config.validateResponses));
  recordRoutes(app);
  installErrorHandler(app);
  installJsonBodyParser(app);
  await installSecurityHeaders(app);

  const tokens = createTokenService(config.jwtSecret, {
    access: config.accessTokenTtl,
    refresh: config.refreshTokenTtl,
  });
  const ctx: AppContext = { db: database.db, tokens, config };

  // Answers over about 1 KB go compressed (issue 18 point 4). Brotli at quality 4 costs about what gzip
  // does and saves more; built web files are compressed once at build time and served as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // First, so every route registered after it is checked for its schemas and described in OpenAPI.
  await app.register(apiDocs, { version: config.appVersion });
  // Which tab a write came from travels with the request, so its own changes are not echoed back to it.
  app.addHook("onRequest", (request, _reply, done) =>
    runWithOrigin(parseClientId(request.headers["x-client-id"]), done),
  );
  await app.register(authPlugin, { tokens });
  await app.register(inputGuard);
  // Before the websocket plugin: its preClose closes every socket, and ours must tell them to poll first.
  const hub = await startLiveUpdates(app, database);
  await app.register(websocket);
  await app.register(websocketRoutes, { ctx });
  await app.register(processesChannel, { ctx, hub });
  await app.register(processRoutes, { ctx });
  await app.register(appVersionRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(socialRoutes, { ctx });
  await app.register(dialogueRoutes, { ctx });
  await app.register(dnodeRoutes, { ctx });
  await app.register(dnodeReadRoutes, { ctx });
  await app.register(moveRoutes, { ctx });
  await app.register(relationRoutes, { ctx });
  await app.register(actionRoutes, { ctx });
  await app.register(accessRoutes, { ctx });
  await app.register(tabStateRoutes, { ctx });
  await app.register(trashRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });
  await app.register(virtualNodeRoutes, { ctx });
  await app.register(webRoutes, { webDist: config.webDist });
  return app;
}
