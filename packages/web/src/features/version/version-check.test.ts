import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { applyUpdate, checkVersion, needsUpdate, postponeUpdate } from "./version-check";

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const serverAt = (version: string) =>
  mockFetch(() => ({ body: { version, updateConfig: { localStorage: false, logout: false } } }));

describe("version check", () => {
  it("needs an update when the stored version is missing or differs", () => {
    expect(needsUpdate(null, "1.0.0")).toBe(true);
    expect(needsUpdate("0.9.0", "1.0.0")).toBe(true);
    expect(needsUpdate("1.0.0", "1.0.0")).toBe(false);
  });

  it("offers nothing on a first visit and stores the server's version silently", async () => {
    serverAt("2.0.0");
    expect(await checkVersion()).toBeNull();
    expect(localStorage.getItem("app_version")).toBe("2.0.0");
  });

  it("offers a changed version, and after 稍后 not again until the version changes once more", async () => {
    localStorage.setItem("app_version", "1.0.0");
    serverAt("2.0.0");
    const offered = await checkVersion();
    expect(offered?.version).toBe("2.0.0");
    postponeUpdate(offered!);
    expect(await checkVersion()).toBeNull();
    serverAt("3.0.0");
    expect((await checkVersion())?.version).toBe("3.0.0");
  });

  it("asks the server and answers null when up to date or when the check fails", async () => {
    localStorage.setItem("app_version", "2.0.0");
    serverAt("2.0.0");
    expect(await checkVersion()).toBeNull();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: {} }));
    expect(await checkVersion()).toBeNull();
  });

  it("applies an update: stores the version, clears and writes storage when asked, tells about logout", () => {
    localStorage.setItem("stale", "x");
    const result = applyUpdate({
      version: "3.0.0",
      updateConfig: { localStorage: true, logout: true, updateStorage: { siderWidth: 500 } },
    });
    expect(result.logout).toBe(true);
    expect(localStorage.getItem("stale")).toBeNull();
    expect(localStorage.getItem("app_version")).toBe("3.0.0");
    expect(localStorage.getItem("siderWidth")).toBe("500");
  });
});
