import type { Socket } from "node:net";
import { type ApiErrorBody, MESSAGES } from "@zhishu/shared";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Errors Fastify's router raises before any route or error handler runs (a URL that does not decode, a
 * path parameter over the length limit): the same JSON error shape as everything else, never Fastify's.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  const body: ApiErrorBody = tooLong
    ? { success: false, error: MESSAGES.headersTooLarge, code: "URL_TOO_LONG" }
    : { success: false, error: MESSAGES.badUrl, code: "BAD_URL" };
  return reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send(body);
}

/**
 * Requests Node's HTTP parser refuses (a URL or headers over its 16 KB limit, broken framing) never reach
 * Fastify; answer them in our shape too, then close the connection as Node would.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const [status, text] = tooLarge ? [431, "Request Header Fields Too Large"] : [400, "Bad Request"];
  const body = JSON.stringify({
    success: false,
    error: tooLarge ? MESSAGES.headersTooLarge : MESSAGES.badRequest,
    code: tooLarge ? "HEADERS_TOO_LARGE" : "BAD_REQUEST",
  } satisfies ApiErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
