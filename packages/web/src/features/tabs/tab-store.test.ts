import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { markBroken, openMain } from "./tab-model";
import { resetTabs, SAVE_DEBOUNCE_MS, TAB_OWNER_KEY, TAB_STATE_KEY, useTabs } from "./tab-store";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  resetTabs();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("tab store", () => {
  it("keeps each change locally at once and saves to the server once after a pause", async () => {
    const fetch = mockFetch(() => ({ body: { success: true } }));
    useTabs.getState().apply((s) => openMain(s, "/data/1", "甲"));
    useTabs.getState().apply((s) => openMain(s, "/data/2"));
    expect(JSON.parse(localStorage.getItem(TAB_STATE_KEY)!).orderedUrls).toEqual(["/data/1", "/data/2"]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/tabstate/save_state/");
    expect(JSON.parse(String((init as RequestInit).body)).orderedUrls).toEqual(["/data/1", "/data/2"]);
  });

  it("never saves an error page's tab, locally or on the server", async () => {
    const fetch = mockFetch(() => ({ body: { success: true } }));
    useTabs.getState().apply((s) => openMain(openMain(s, "/data/1"), "/data/404"));
    useTabs.getState().apply((s) => markBroken(s, "/data/404"));
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/data/1", "/data/404"]);
    expect(JSON.parse(localStorage.getItem(TAB_STATE_KEY)!).orderedUrls).toEqual(["/data/1"]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String((init as RequestInit).body)).orderedUrls).toEqual(["/data/1"]);
  });

  it("logs a failed save and keeps the local state", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { success: false, error: "x", code: "INTERNAL" } }));
    useTabs.getState().apply((s) => openMain(s, "/data/1"));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await vi.runAllTimersAsync();
    expect(logged).toHaveBeenCalled();
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/data/1"]);
  });

  it("at sign-in keeps this person's own tabs from this browser, and sends them to the server", async () => {
    const fetch = mockFetch(() => ({ body: { success: true } }));
    localStorage.setItem(TAB_OWNER_KEY, "7");
    useTabs.getState().apply((s) => openMain(s, "/mine"));
    await useTabs.getState().loadFor(7);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/mine"]);
    expect(fetch.mock.calls.every(([u]) => String(u).endsWith("/save_state/"))).toBe(true);
  });

  it("in a browser without this person's tabs takes the server's (then any opened meanwhile); none or a failure keeps what is there", async () => {
    useTabs.getState().apply((s) => openMain(s, "/opened-here"));
    mockFetch(() => ({ body: { mainTabs: [], orderedUrls: [], siderTabs: [], orderedSiderUrls: [] } }));
    await useTabs.getState().loadFor(8);
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/opened-here"]);
    localStorage.removeItem(TAB_OWNER_KEY);
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { success: false, error: "x", code: "INTERNAL" } }));
    await useTabs.getState().loadFor(8);
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/opened-here"]);
    localStorage.removeItem(TAB_OWNER_KEY);
    mockFetch(() => ({
      body: { mainTabs: { "/data/9": { url: "/data/9", name: "远" } }, orderedUrls: ["/data/9"] },
    }));
    await useTabs.getState().loadFor(8);
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/data/9", "/opened-here"]);
    expect(JSON.parse(localStorage.getItem(TAB_STATE_KEY)!).orderedUrls).toEqual(["/data/9", "/opened-here"]);
    expect(localStorage.getItem(TAB_OWNER_KEY)).toBe("8");
  });

  it("keeps the splitter width within bounds and in local storage", () => {
    useTabs.getState().setSiderWidth(10);
    expect(useTabs.getState().siderWidth).toBe(300);
    expect(localStorage.getItem("siderWidth")).toBe("300");
  });
});
