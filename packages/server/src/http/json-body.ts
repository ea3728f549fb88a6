import { MESSAGES } from "@zhishu/shared";
import type { FastifyInstance } from "fastify";
import { AppError, badRequest } from "../errors";

/** The deepest nesting a JSON body may have; real payloads (content, tab state) stay far below it. */
export const MAX_JSON_DEPTH = 64;

const malformed = () => new AppError(400, "MALFORMED_JSON", MESSAGES.malformedJson);
const tooDeep = () => new AppError(400, "JSON_TOO_DEEP", MESSAGES.jsonTooDeep);
const badCharacters = () => new AppError(400, "BAD_CHARACTERS", MESSAGES.badCharacters);

// In a /u regex a proper surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** A string PostgreSQL can store: no NUL, no lone UTF-16 surrogate (both fail in text and jsonb). */
export const isStorableText = (text: string) => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/**
 * Refuses what the database or our own recursive code cannot take, walking the parsed value without
 * recursion: nesting deeper than MAX_JSON_DEPTH (a 5,000-deep body once overflowed the stack), NUL or
 * lone surrogates in any string or key, and `__proto__` keys (prototype poisoning, as Fastify's parser).
 */
export function checkJsonValue(root: unknown): void {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === "string") {
      if (!isStorableText(value)) throw badCharacters();
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_JSON_DEPTH) throw tooDeep();
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key === "__proto__") throw badRequest();
      if (!isStorableText(key)) throw badCharacters();
      stack.push([item, depth + 1]);
    }
  }
}

/** Replaces Fastify's JSON parser with one that also applies checkJsonValue; errors are 400s in our shape. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(malformed(), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(malformed(), undefined);
    }
    try {
      checkJsonValue(value);
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, value);
  });
}
