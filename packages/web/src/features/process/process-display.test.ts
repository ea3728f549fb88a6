import { describe, expect, it } from "vitest";
import { hasTimer, offeredActions, plannedOf, spentRatio, statusColor, timerHours } from "./process-display";

const at = (iso: string) => Date.parse(iso);

describe("what a process row shows", () => {
  it("ticks a running process's own time from ran_at and shows a stopped one's total", () => {
    const running = { self_status: "running", self_time: 1, ran_at: "2026-11-28T10:00:00Z" };
    expect(timerHours(running, at("2026-11-28T10:30:00Z"))).toBeCloseTo(1.5);
    expect(timerHours({ self_status: "paused", self_time: 2, total_time: 3.25 }, Date.now())).toBe(3.25);
    expect(timerHours({ self_status: "paused", self_time: 2 }, Date.now())).toBe(2);
    expect(hasTimer({})).toBe(false);
    expect(hasTimer({ self_status: "paused", self_time: 0.01 })).toBe(true);
  });

  it("shows remaining time while running, overtime past the plan, the plan when stopped", () => {
    const base = { self_status: "running", self_time: 0, ran_at: "2026-11-28T10:00:00Z", planned_time: 1 };
    expect(plannedOf(base, at("2026-11-28T10:15:00Z"))).toEqual({ kind: "remaining", hours: 0.75 });
    expect(plannedOf(base, at("2026-11-28T11:30:00Z"))).toEqual({ kind: "overtime", hours: 0.5 });
    expect(plannedOf({ ...base, self_status: "paused" }, Date.now()).kind).toBe("planned");
    expect(plannedOf({ self_status: "paused" }, Date.now()).kind).toBe("none");
  });

  it("offers start and finish when stopped, pause and finish when executing, nothing when done", () => {
    expect(offeredActions("draft")).toEqual(["start", "finish"]);
    expect(offeredActions("paused")).toEqual(["start", "finish"]);
    expect(offeredActions("running")).toEqual(["pause", "finish"]);
    expect(offeredActions("sub_running")).toEqual(["pause", "finish"]);
    expect(offeredActions("completed")).toEqual([]);
    expect(offeredActions("canceled")).toEqual([]);
  });

  it("colours statuses and delegation", () => {
    expect(statusColor("running")).toBe("blue");
    expect(statusColor("paused")).toBe("orange");
    expect(statusColor("completed")).toBe("green");
    expect(statusColor("delegate_accepted")).toBe("purple");
    expect(statusColor("delivery_rejected")).toBe("red");
    expect(statusColor("whatever")).toBe("default");
  });

  it("gives the time-spent ratio as cost hours over hours elapsed since the first start", () => {
    const content = { start_time: "2026-11-28T08:00:00Z", end_time: "2026-11-28T12:00:00Z" };
    expect(spentRatio(content, 1, Date.now())).toBe(0.25);
    expect(spentRatio({ start_time: "2026-11-28T08:00:00Z" }, 1, at("2026-11-28T10:00:00Z"))).toBe(0.5);
    expect(spentRatio({}, 1, Date.now())).toBeNull();
  });
});
