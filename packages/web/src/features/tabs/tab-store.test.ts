import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../api/test-helpers";
import { openMain } from "./tab-model";
import { resetTabs, SAVE_DEBOUNCE_MS, TAB_STATE_KEY, useTabs } from "./tab-store";

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

  it("logs a failed save and keeps the local state", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { success: false, error: "x", code: "INTERNAL" } }));
    useTabs.getState().apply((s) => openMain(s, "/data/1"));
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await vi.runAllTimersAsync();
    expect(logged).toHaveBeenCalled();
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/data/1"]);
  });

  it("takes the server's tabs at sign-in, but keeps the local ones when the server has none or fails", async () => {
    useTabs.getState().apply((s) => openMain(s, "/local"));
    mockFetch(() => ({ body: { mainTabs: [], orderedUrls: [], siderTabs: [], orderedSiderUrls: [] } }));
    await useTabs.getState().loadFromServer();
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/local"]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { success: false, error: "x", code: "INTERNAL" } }));
    await useTabs.getState().loadFromServer();
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/local"]);
    mockFetch(() => ({
      body: { mainTabs: { "/data/9": { url: "/data/9", name: "远" } }, orderedUrls: ["/data/9"] },
    }));
    await useTabs.getState().loadFromServer();
    expect(useTabs.getState().tabs.orderedUrls).toEqual(["/data/9"]);
    expect(JSON.parse(localStorage.getItem(TAB_STATE_KEY)!).orderedUrls).toEqual(["/data/9"]);
  });

  it("keeps the splitter width within bounds and in local storage", () => {
    useTabs.getState().setSiderWidth(10);
    expect(useTabs.getState().siderWidth).toBe(300);
    expect(localStorage.getItem("siderWidth")).toBe("300");
  });
});
