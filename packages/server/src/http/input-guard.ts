import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { checkJsonValue } from "./json-body";

/**
 * Query strings and path parameters get the same character rules as JSON bodies: a NUL or a lone
 * surrogate there reached PostgreSQL as a 500 before. Runs before validation, so every route has it.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  // A plain hook (no promise per request); a throw is the request's error, as an async hook's rejection was.
  app.addHook("preValidation", (request, _reply, done) => {
    checkJsonValue(request.query);
    checkJsonValue(request.params);
    done();
  });
});
