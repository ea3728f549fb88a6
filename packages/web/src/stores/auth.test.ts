import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readTokens } from "../api/tokens";
import { browser } from "../app/browser";
import { fakeToken, mockFetch } from "../test-support/api";
import { useAuth } from "./auth";

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(browser, "reload").mockImplementation(() => {});
  vi.spyOn(browser, "goHome").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const user = {
  id: 7,
  username: "alice",
  content: { user_root_node_id: 3 },
  created_at: "2026-01-01T00:00:00Z",
};

describe("auth store", () => {
  it("logs in: stores the tokens and the user", async () => {
    mockFetch(() => ({ body: { user, access: fakeToken(600), refresh: "r" } }));
    await useAuth.getState().login("alice", "pw");
    expect(useAuth.getState()).toMatchObject({ loggedIn: true, user });
    expect(readTokens()?.refresh).toBe("r");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(user);
  });

  it("registers, logs in automatically, then reloads", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/register")
        ? { status: 201, body: { success: true, user } }
        : { body: { user, access: fakeToken(600), refresh: "r" } },
    );
    await useAuth.getState().register("alice", "a@example.com", "password1");
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/register", "/api/login"]);
    expect(useAuth.getState().loggedIn).toBe(true);
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it("logs out: revokes the refresh token on the server, then clears local storage except app_version", async () => {
    localStorage.setItem("app_version", "0.1.0");
    localStorage.setItem("access_token", "a");
    localStorage.setItem("refresh_token", "r-123");
    localStorage.setItem("dnodeViewStatuses", "{}");
    localStorage.setItem("siderWidth", "700");
    const fetch = mockFetch((url, init) => {
      // The server is told while the token is still stored, i.e. before anything is cleared.
      expect(localStorage.getItem("refresh_token")).toBe("r-123");
      return { body: { success: true, url, sent: init.body } };
    });
    await useAuth.getState().logout();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/logout");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ refresh: "r-123" });
    expect(Object.keys(localStorage)).toEqual(["app_version"]);
    expect(useAuth.getState().loggedIn).toBe(false);
    expect(browser.goHome).toHaveBeenCalledOnce();
  });

  it("still signs out locally when the server cannot be reached", async () => {
    localStorage.setItem("access_token", "a");
    localStorage.setItem("refresh_token", "r");
    useAuth.setState({ user, loggedIn: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await useAuth.getState().logout();
    expect(readTokens()).toBeNull();
    expect(useAuth.getState().loggedIn).toBe(false);
    expect(browser.goHome).toHaveBeenCalledOnce();
  });

  it("signs out quietly when the stored login has lapsed", async () => {
    localStorage.setItem("access_token", fakeToken(600));
    localStorage.setItem("refresh_token", "r");
    useAuth.setState({ user, loggedIn: true });
    mockFetch(() => ({
      status: 401,
      body: { success: false, error: "登录已失效，请重新登录", code: "TOKEN_INVALID" },
    }));
    await useAuth.getState().loadMe();
    expect(useAuth.getState().loggedIn).toBe(false);
    expect(readTokens()).toBeNull();
  });
});
