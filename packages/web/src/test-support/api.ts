import { vi } from "vitest";

/** A JWT-shaped token whose payload says it expires `inSeconds` from now (the client never verifies it). */
export function fakeToken(inSeconds: number, sub = "1"): string {
  const payload = btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + inSeconds }))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

/** Replaces fetch with a mock answering JSON by route; returns the mock for call assertions. */
export function mockFetch(
  handler: (
    url: string,
    init: RequestInit,
  ) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>,
) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { status = 200, body } = await handler(String(input), init);
    return new Response(body === undefined ? "" : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}
