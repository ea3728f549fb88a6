import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which browser tab a request came from (the `X-Client-Id` header it sends), carried through the
 * request's async work so the event row its writes make remembers it: the live channel then does not
 * echo a change back to the tab that made it (its own typing must not flicker or lose the caret).
 */
const originStorage = new AsyncLocalStorage<{ clientId: string | null }>();

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A client id as sent, if it is well formed; anything else counts as none. */
export const parseClientId = (value: unknown): string | null =>
  typeof value === "string" && CLIENT_ID.test(value) ? value : null;

/**
 * Runs `work` (the rest of a request) with its origin known. A request without a client id, outside any
 * origin, just runs: `currentOrigin()` answers null there all the same, and the request enters no
 * storage (issue 18 point 2: until some request has one, the process pays no async-context tracking).
 */
export function runWithOrigin(clientId: string | null, work: () => void): void {
  if (clientId === null && originStorage.getStore() === undefined) work();
  else originStorage.run({ clientId }, work);
}

/** The origin of the request being served, or null outside one. */
export const currentOrigin = (): string | null => originStorage.getStore()?.clientId ?? null;
