import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeToken, mockFetch } from "../test-support/api";
import { ApiError, api } from "./client";
import { CLIENT_ID } from "./client-id";
import { readTokens, writeTokens } from "./tokens";

const headerOf = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("sends the stored access token as a Bearer header", async () => {
    const access = fakeToken(600);
    writeTokens({ access, refresh: fakeToken(3600) });
    const fetch = mockFetch(() => ({ body: { ok: 1 } }));
    await api.post("/x", { a: 1 });
    expect(headerOf(fetch.mock.calls[0][1] as RequestInit)).toBe(`Bearer ${access}`);
  });

  it("names this tab on every request (X-Client-Id), the same id each time, so live updates skip its own echo", async () => {
    writeTokens({ access: fakeToken(600), refresh: fakeToken(3600) });
    const fetch = mockFetch(() => ({ body: {} }));
    await api.post("/x", {});
    await api.get("/y");
    const ids = fetch.mock.calls.map(
      ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers["x-client-id"],
    );
    expect(ids).toEqual([CLIENT_ID, CLIENT_ID]);
    expect(CLIENT_ID).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("refreshes an expired token once for concurrent calls, then uses the new one", async () => {
    writeTokens({ access: fakeToken(-10), refresh: "r1" });
    const fresh = fakeToken(600);
    const fetch = mockFetch((url) =>
      url.endsWith("/token/refresh/") ? { body: { access: fresh, refresh: "r2" } } : { body: {} },
    );
    await Promise.all([api.post("/a"), api.post("/b"), api.get("/c")]);
    const refreshCalls = fetch.mock.calls.filter(([url]) => String(url).endsWith("/token/refresh/"));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String((refreshCalls[0][1] as RequestInit).body))).toEqual({ refresh: "r1" });
    const others = fetch.mock.calls.filter(([url]) => !String(url).endsWith("/token/refresh/"));
    expect(others.map(([, init]) => headerOf(init as RequestInit))).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(readTokens()).toEqual({ access: fresh, refresh: "r2" });
  });

  it("refreshes under a lock shared by tabs, and uses what another tab refreshed meanwhile", async () => {
    writeTokens({ access: fakeToken(-10), refresh: "r1" });
    const fromOtherTab = fakeToken(600);
    const request = vi.fn(async (_name: string, run: () => Promise<unknown>) => {
      // While this tab waited for the lock, another tab spent r1 and stored the new pair.
      writeTokens({ access: fromOtherTab, refresh: "r2" });
      return run();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const fetch = mockFetch(() => ({ body: {} }));
    await api.post("/a");
    expect(request).toHaveBeenCalledOnce();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/a"]);
    expect(headerOf(fetch.mock.calls[0][1] as RequestInit)).toBe(`Bearer ${fromOtherTab}`);
  });

  it("sends no auth header and forgets the tokens when the refresh fails", async () => {
    writeTokens({ access: fakeToken(-10), refresh: "bad" });
    const fetch = mockFetch((url) =>
      url.endsWith("/token/refresh/") ? { status: 401, body: { error: "x" } } : { body: {} },
    );
    await api.get("/app-version/");
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith("/app-version/"))!;
    expect(headerOf(call[1] as RequestInit)).toBeUndefined();
    expect(readTokens()).toBeNull();
  });

  it("merges identical concurrent GETs into one request", async () => {
    const fetch = mockFetch(() => ({ body: { n: 1 } }));
    const [a, b] = await Promise.all([api.get("/dnode/1"), api.get("/dnode/1")]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ n: 1 });
    expect(b).toEqual({ n: 1 });
    await api.get("/dnode/1");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("turns an error answer into an ApiError with the server's Chinese text", async () => {
    mockFetch(() => ({
      status: 403,
      body: {
        success: false,
        error: "你没有权限访问该知识点，请联系知识树的主人授权访问",
        code: "FORBIDDEN",
      },
    }));
    const error = await api.get("/dnode/9").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "你没有权限访问该知识点，请联系知识树的主人授权访问",
    });
  });

  it("says 网络错误 when there is no answer at all", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api.get("/x")).rejects.toMatchObject({ status: 0, message: "网络错误，请稍后重试" });
  });
});
