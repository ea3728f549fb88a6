/*
 * Answers asked for before the app's code arrived (early/start.ts), handed to the API client's first
 * identical GET (api/client.ts). Kept on globalThis: the early script and the app are separate entry
 * chunks, and this costs the early one no import of the client.
 */

/** What an early request brought: the parsed body, or null when it failed (the app then asks itself). */
export type EarlyAnswer = Promise<unknown | null>;

interface Entry {
  answer: EarlyAnswer;
  at: number;
}

/** An early answer is only good for the page load it was made for. */
const FRESH_MS = 10_000;

const holder = globalThis as { __zhishuEarly?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  holder.__zhishuEarly ??= new Map();
  return holder.__zhishuEarly;
}

/** The cache key the API client merges GETs by: the URL and the token it is sent with. */
export function earlyKey(url: string, access: string): string {
  return `${url}|${access}`;
}

export function putEarly(key: string, answer: EarlyAnswer): void {
  entries().set(key, { answer, at: Date.now() });
}

/** The early answer for `key`, once: a later identical GET goes to the server as usual. */
export function takeEarly(key: string): EarlyAnswer | undefined {
  const map = holder.__zhishuEarly;
  const entry = map?.get(key);
  if (!entry) return undefined;
  map?.delete(key);
  return Date.now() - entry.at <= FRESH_MS ? entry.answer : undefined;
}
