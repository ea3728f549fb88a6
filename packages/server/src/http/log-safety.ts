import type { FastifyRequest } from "fastify";

/** A URL fit for the log: secrets in the query (the websockets' `?token=`) replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access|refresh|access_token|refresh_token)=)[^&#]*/gi, "$1[redacted]");
}

/** Fastify's request log line, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface QueryFailure extends Error {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/**
 * An error fit for the log. A failed query (Drizzle's error carries the SQL's parameters in its message
 * and fields: passwords' hashes, e-mails, content) keeps its SQL text and the database's error code and
 * message, never the parameters.
 */
export function errorForLog(error: unknown): unknown {
  const failure = error as QueryFailure;
  if (!failure || typeof failure !== "object" || !("params" in failure)) return error;
  const cause = failure.cause as { code?: string; message?: string; routine?: string } | undefined;
  const safe = new Error(`Failed query: ${String(failure.query ?? "")}`) as Error & Record<string, unknown>;
  safe.name = failure.name;
  // The original stack begins with the message (parameters included); keep only its frames.
  const frames = (failure.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  safe.code = cause?.code;
  safe.dbMessage = cause?.message;
  safe.routine = cause?.routine;
  return safe;
}
