import type { ApiErrorBody } from "@zhishu/shared";
import { MESSAGES } from "@zhishu/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorForLog } from "./http/log-safety";

/** An error a caller can act on: a stable code, an HTTP status and a Chinese message for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.badRequest, details?: Record<string, string>) =>
  new AppError(400, "BAD_REQUEST", message, details);
export const unauthorized = (message: string = MESSAGES.notLoggedIn, code = "NOT_LOGGED_IN") =>
  new AppError(401, code, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, "FORBIDDEN", message);
export const notFound = (message: string = MESSAGES.notFound, code = "NOT_FOUND") =>
  new AppError(404, code, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) =>
  new AppError(429, "TOO_MANY_REQUESTS", message);

const OWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

const body = (code: string, error: string, details?: Record<string, string>): ApiErrorBody =>
  details ? { success: false, error, code, details } : { success: false, error, code };

// Fastify's own request errors (body parsing, limits) mapped to our codes and messages.
const FASTIFY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "MALFORMED_JSON", MESSAGES.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "MALFORMED_JSON", MESSAGES.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "PAYLOAD_TOO_LARGE", MESSAGES.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "UNSUPPORTED_MEDIA_TYPE", MESSAGES.unsupportedMediaType],
  FST_REQ_FILE_TOO_LARGE: [413, "PAYLOAD_TOO_LARGE", MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [413, "PAYLOAD_TOO_LARGE", MESSAGES.payloadTooLarge],
  FST_FIELDS_LIMIT: [413, "PAYLOAD_TOO_LARGE", MESSAGES.payloadTooLarge],
  FST_PARTS_LIMIT: [413, "PAYLOAD_TOO_LARGE", MESSAGES.payloadTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, "BAD_REQUEST", MESSAGES.notMultipart],
  FST_MP_PREMATURE_CLOSE: [400, "BAD_REQUEST", MESSAGES.badRequest],
  FST_PROTO_VIOLATION: [400, "BAD_REQUEST", MESSAGES.badRequest],
};

/** Postgres constraint failures that bad input can cause; anything else stays a 500. */
function fromPostgres(error: { code?: string }): AppError | null {
  switch (error.code) {
    case "22P02": // invalid text representation
    case "22003": // numeric value out of range
    case "22001": // string too long
    case "22021": // invalid byte sequence (e.g. NUL in text)
      return badRequest();
    case "23505":
      return conflict(MESSAGES.badRequest, "CONFLICT");
    default:
      return null;
  }
}

/** The one error handler: typed errors, validation errors, parse errors, constraint errors, then 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string; cause?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        details[field] ??= issue.message ?? MESSAGES.badRequest;
      }
      const [field, message] = Object.entries(details)[0] ?? ["_", MESSAGES.badRequest];
      // Our own messages already say which field; zod's generic ones get the field's name in front.
      const named = OWN_MESSAGES.has(message) || field === "_" ? message : `${field}：${message}`;
      return reply.status(400).send(body("VALIDATION_ERROR", named, details));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[1], known[2]));
    const pgError = fromPostgres(error) ?? fromPostgres((error.cause ?? {}) as { code?: string });
    if (pgError) return reply.status(pgError.status).send(body(pgError.code, pgError.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body("BAD_REQUEST", MESSAGES.badRequest));
    }
    request.log.error({ err: errorForLog(error) }, "unhandled error");
    return reply.status(500).send(body("INTERNAL", MESSAGES.internal));
  });
}
