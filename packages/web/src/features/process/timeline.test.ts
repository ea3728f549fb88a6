import { describe, expect, it } from "vitest";
import { timelineSegments } from "./timeline";

const item = (id: number, created_at: string) => ({ id, name: `n${id}`, created_at });

describe("the behaviour timeline", () => {
  it("cuts the span at each creation, oldest first, with a tail after the last", () => {
    const segments = timelineSegments("2026-11-28T10:00:00Z", "2026-11-28T12:00:00Z", [
      item(2, "2026-11-28T11:00:00Z"),
      item(1, "2026-11-28T10:00:30Z"),
    ]);
    expect(segments.map((s) => s.item?.id ?? null)).toEqual([1, 2, null]);
    expect(segments.map((s) => s.hours)).toEqual([30 / 3600, 1 - 30 / 3600, 1]);
    expect(segments[2].width).toBe(50);
  });

  it("colours by the thresholds 1 minute, 1 hour, 1 day, 30 days, 365 days", () => {
    const start = "2020-01-01T00:00:00Z";
    const cuts = [
      "2020-01-01T00:00:30Z", // 30 s: band 0
      "2020-01-01T00:02:30Z", // 2 min: band 1
      "2020-01-01T02:02:30Z", // 2 h: band 2
      "2020-01-03T02:02:30Z", // 2 days: band 3
      "2020-03-03T02:02:30Z", // 60 days: band 4
      "2021-06-03T02:02:30Z", // over a year: band 5
    ];
    const segments = timelineSegments(
      start,
      cuts.at(-1)!,
      cuts.map((c, i) => item(i, c)),
    );
    expect(segments.slice(0, 6).map((s) => s.band)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("gives any positive segment at least 1% and an empty one none", () => {
    const segments = timelineSegments("2026-01-01T00:00:00Z", "2026-12-31T00:00:00Z", [
      item(1, "2026-01-01T00:00:01Z"),
      item(2, "2026-01-01T00:00:01Z"),
    ]);
    expect(segments[0].width).toBe(1);
    expect(segments[1].width).toBe(0);
  });

  it("keeps creations outside the span at its ends", () => {
    const segments = timelineSegments("2026-11-28T10:00:00Z", "2026-11-28T11:00:00Z", [
      item(1, "2026-11-28T09:00:00Z"),
    ]);
    expect(segments.map((s) => s.hours)).toEqual([0, 1]);
  });
});
