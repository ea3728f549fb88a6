import { describe, expect, it } from "vitest";
import { addDays, dayLabel, groupByUnit, pageRange, shanghaiClock, weekStart } from "./ranges";

describe("the ranges of 我的行为 (Asia/Shanghai)", () => {
  // 2026-11-28 is a Saturday; 17:30 UTC is already Sunday 01:30 in Shanghai.
  const saturdayNoon = Date.parse("2026-11-28T04:00:00Z");
  const sundayEarly = Date.parse("2026-11-28T17:30:00Z");

  it("starts 2 days back and ends tomorrow, then reaches 2 more days back per page", () => {
    expect(pageRange(0, "day", saturdayNoon)).toEqual({ start: "2026-11-26", end: "2026-11-29" });
    expect(pageRange(1, "day", saturdayNoon)).toEqual({ start: "2026-11-24", end: "2026-11-26" });
    expect(pageRange(2, "day", saturdayNoon)).toEqual({ start: "2026-11-22", end: "2026-11-24" });
  });

  it("counts today in Shanghai, not in UTC", () => {
    expect(pageRange(0, "day", sundayEarly)).toEqual({ start: "2026-11-27", end: "2026-11-30" });
  });

  it("starts weeks on Monday, 2 weeks before the current one", () => {
    expect(weekStart("2026-11-28")).toBe("2026-11-23");
    expect(weekStart("2026-11-23")).toBe("2026-11-23");
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(pageRange(0, "week", saturdayNoon)).toEqual({ start: "2026-11-09", end: "2026-11-29" });
    expect(pageRange(1, "week", saturdayNoon)).toEqual({ start: "2026-10-26", end: "2026-11-09" });
    // Sunday 01:30 in Shanghai is still the week of Monday the 23rd.
    expect(pageRange(0, "week", sundayEarly).start).toBe("2026-11-09");
  });

  it("groups across midnight by the Shanghai day, newest first", () => {
    const nodes = [
      { id: 1, created_at: "2026-11-27T15:59:59Z" }, // 23:59:59 on the 27th in Shanghai
      { id: 2, created_at: "2026-11-27T16:00:00Z" }, // 00:00 on the 28th
      { id: 3, created_at: "2026-11-28T03:00:00Z" },
    ];
    expect(groupByUnit(nodes, "day")).toEqual([
      { start: "2026-11-28", items: [nodes[2], nodes[1]] },
      { start: "2026-11-27", items: [nodes[0]] },
    ]);
  });

  it("groups across a week's end by the Shanghai week", () => {
    const nodes = [
      { id: 1, created_at: "2026-11-22T15:59:59Z" }, // Sunday 23:59:59 in Shanghai
      { id: 2, created_at: "2026-11-22T16:00:00Z" }, // Monday 00:00
    ];
    expect(groupByUnit(nodes, "week").map((g) => [g.start, g.items.map((n) => n.id)])).toEqual([
      ["2026-11-23", [2]],
      ["2026-11-16", [1]],
    ]);
  });

  it("writes days and times for people", () => {
    expect(dayLabel("2026-11-28")).toBe("11月28日 周六");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(shanghaiClock("2026-11-27T16:05:00Z")).toBe("00:05");
  });
});
