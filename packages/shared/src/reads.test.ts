import { describe, expect, it } from "vitest";
import { parseShanghaiTime } from "./schemas/reads";

describe("parseShanghaiTime", () => {
  it("reads a minute in Asia/Shanghai as UTC+8", () => {
    expect(new Date(parseShanghaiTime("2026-11-22 08:30")).toISOString()).toBe("2026-11-22T00:30:00.000Z");
  });
  it("reads a day as its Shanghai midnight", () => {
    expect(new Date(parseShanghaiTime("2026-01-01")).toISOString()).toBe("2025-12-31T16:00:00.000Z");
  });
  it("keeps an explicit offset", () => {
    expect(parseShanghaiTime("2026-11-22T00:00:00Z")).toBe(Date.UTC(2026, 10, 22));
  });
  it("refuses impossible dates and other text", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "2026-11-22 24:00", "yesterday", ""]) {
      expect(parseShanghaiTime(bad), bad).toBeNaN();
    }
  });
});
