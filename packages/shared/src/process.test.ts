import { describe, expect, it } from "vitest";
import {
  compareProcesses,
  formatDuration,
  formatTimer,
  hoursPerShanghaiDay,
  isOpenFriendRequest,
  offersDeliveryChoice,
  ownHoursAt,
  type ProcessFamily,
  type ProcessNode,
  planFinish,
  plannedState,
  planPause,
  planStart,
  segmentWidth,
  shanghaiDay,
  shownStatus,
  statusOf,
  timelineBand,
  totalsOf,
} from "./index";

const T0 = "2026-11-23T02:00:00.000Z"; // 10:00 in Shanghai
const T1 = "2026-11-23T03:30:00.000Z"; // 1.5 hours later

const node = (id: number, state: Record<string, unknown>, parentId: number | null = null): ProcessNode => ({
  id,
  parentId,
  state,
});
const family = (target: ProcessNode, rest: Partial<ProcessFamily> = {}): ProcessFamily => ({
  target,
  ancestors: [],
  siblings: [],
  descendants: [],
  ...rest,
});

describe("the status machine", () => {
  it("reads a missing or unknown status as draft", () => {
    expect(statusOf({})).toBe("draft");
    expect(statusOf({ self_status: "nonsense" })).toBe("draft");
    expect(statusOf({ self_status: "paused" })).toBe("paused");
  });

  it("start: runs from now, stamps the first start once, pauses running siblings with their time, makes ancestors sub_running", () => {
    const target = node(3, {}, 2);
    const runningSibling = node(4, { self_status: "running", ran_at: T0, self_time: 1 }, 2);
    const pausedSibling = node(5, { self_status: "paused", self_time: 2 }, 2);
    const parent = node(2, { self_status: "running", ran_at: T0, self_time: 0.5 }, 1);
    const grandparent = node(1, { self_status: "paused", self_time: 3 });
    const plan = planStart(
      family(target, { siblings: [runningSibling, pausedSibling], ancestors: [parent, grandparent] }),
      T1,
      new Map(),
    );
    expect(plan.get(3)).toMatchObject({ self_status: "running", ran_at: T1, start_time: T1 });
    expect(plan.get(4)).toEqual({ self_status: "paused", pause_time: T1, self_time: 2.5 });
    expect(plan.has(5)).toBe(false);
    // The parent's own clock stops while its child runs: 1.5 running hours go into its self_time.
    expect(plan.get(2)).toEqual({ self_status: "sub_running", self_time: 2 });
    expect(plan.get(1)).toEqual({ self_status: "sub_running" });
  });

  it("start keeps the first start_time on a restart", () => {
    const plan = planStart(
      family(node(1, { self_status: "paused", start_time: T0, self_time: 1 })),
      T1,
      new Map(),
    );
    expect(plan.get(1)).toMatchObject({ self_status: "running", ran_at: T1 });
    expect(plan.get(1)).not.toHaveProperty("start_time");
  });

  it("start pauses whatever runs below an executing sibling", () => {
    const sibling = node(4, { self_status: "sub_running" }, 2);
    const nephew = node(6, { self_status: "running", ran_at: T0 }, 4);
    const plan = planStart(family(node(3, {}, 2), { siblings: [sibling] }), T1, new Map([[4, [nephew]]]));
    expect(plan.get(4)).toMatchObject({ self_status: "paused" });
    expect(plan.get(6)).toMatchObject({ self_status: "paused", self_time: 1.5 });
  });

  it("pause: adds the running time, pauses running descendants, and the parent runs again when no sibling executes", () => {
    const target = node(3, { self_status: "running", ran_at: T0, self_time: 1 }, 2);
    const child = node(7, { self_status: "running", ran_at: T0 }, 3);
    const parent = node(2, { self_status: "sub_running", self_time: 0.5 }, null);
    const plan = planPause(family(target, { ancestors: [parent], descendants: [child] }), T1);
    expect(plan.get(3)).toEqual({ self_status: "paused", pause_time: T1, self_time: 2.5 });
    expect(plan.get(7)).toMatchObject({ self_status: "paused", self_time: 1.5 });
    expect(plan.get(2)).toEqual({ self_status: "running", ran_at: T1 });
  });

  it("pause leaves the parent sub_running while another child still executes", () => {
    const target = node(3, { self_status: "running", ran_at: T0 }, 2);
    const sibling = node(4, { self_status: "running", ran_at: T0 }, 2);
    const parent = node(2, { self_status: "sub_running" });
    const plan = planPause(family(target, { ancestors: [parent], siblings: [sibling] }), T1);
    expect(plan.has(2)).toBe(false);
  });

  it("finish: completed with end_time and finished_at, time added, and the parent resumes", () => {
    const target = node(3, { self_status: "running", ran_at: T0, self_time: 0 }, 2);
    const parent = node(2, { self_status: "sub_running" });
    const plan = planFinish(family(target, { ancestors: [parent] }), T1);
    expect(plan.get(3)).toEqual({ self_status: "completed", end_time: T1, finished_at: T1, self_time: 1.5 });
    expect(plan.get(2)).toEqual({ self_status: "running", ran_at: T1 });
  });

  it("counts a running process's own time up to now", () => {
    expect(ownHoursAt({ self_status: "running", ran_at: T0, self_time: 1 }, T1)).toBe(2.5);
    expect(ownHoursAt({ self_status: "paused", ran_at: T0, self_time: 1 }, T1)).toBe(1);
  });
});

describe("totals", () => {
  it("adds child totals, and reports children marked 插入 as inserted time instead", () => {
    const tree = {
      ownHours: 1,
      inserted: false,
      children: [
        { ownHours: 2, inserted: false, children: [{ ownHours: 0.5, inserted: true, children: [] }] },
        { ownHours: 4, inserted: true, children: [{ ownHours: 1, inserted: false, children: [] }] },
      ],
    };
    expect(totalsOf(tree)).toEqual({ total: 3, inserted: 5.5 });
  });
});

describe("order of child processes", () => {
  it("sorts running, sub_running, paused, draft, completed; latest first within a status", () => {
    const rows = [
      { id: "done-early", content: { self_status: "completed", finished_at: "2026-11-20T00:00:00Z" } },
      { id: "draft-new", content: {}, created_at: "2026-11-22T00:00:00Z" },
      { id: "paused-old", content: { self_status: "paused", pause_time: "2026-11-01T00:00:00Z" } },
      { id: "running", content: { self_status: "running", ran_at: "2026-11-01T00:00:00Z" } },
      { id: "done-late", content: { self_status: "completed", finished_at: "2026-11-21T00:00:00Z" } },
      { id: "paused-new", content: { self_status: "paused", pause_time: "2026-11-02T00:00:00Z" } },
      { id: "sub", content: { self_status: "sub_running", ran_at: "2026-11-01T00:00:00Z" } },
      { id: "draft-old", content: {}, created_at: "2026-11-01T00:00:00Z" },
    ];
    expect([...rows].sort(compareProcesses).map((r) => r.id)).toEqual([
      "running",
      "sub",
      "paused-new",
      "paused-old",
      "draft-new",
      "draft-old",
      "done-late",
      "done-early",
    ]);
  });
});

describe("shown statuses by kind", () => {
  it("follows the spec for each kind", () => {
    expect(
      shownStatus({ xtype: "AskProcess", self_status: "running", delegate_status: "delegated" }).label,
    ).toBe("已委托");
    expect(
      shownStatus({ xtype: "AskProcess", self_status: "running", delegate_status: "completed" }).label,
    ).toBe("执行中");
    expect(shownStatus({ xtype: "AgentProcess", delivery_status: "delivered" }).label).toBe("已交付");
    expect(shownStatus({ xtype: "StepProcess", self_status: "running", error: "坏了" }).label).toBe(
      "执行失败",
    );
    expect(
      shownStatus({ xtype: "FriendRequestProcess", self_status: "completed", result: "accepted" }).label,
    ).toBe("已接受");
    expect(
      shownStatus({ xtype: "FriendRequestProcess", self_status: "completed", result: "rejected" }).label,
    ).toBe("已拒绝");
    expect(shownStatus({}).label).toBe("起草中");
    expect(offersDeliveryChoice({ xtype: "AgentProcess", delivery_status: "delivered" }, false)).toBe(true);
    expect(offersDeliveryChoice({ xtype: "AgentProcess", delivery_status: "delivered" }, true)).toBe(false);
    expect(isOpenFriendRequest({ xtype: "FriendRequestProcess", self_status: "delegated" })).toBe(true);
    expect(isOpenFriendRequest({ xtype: "FriendRequestProcess", self_status: "completed" })).toBe(false);
  });
});

describe("time in words and pictures", () => {
  it("shows the timer as HH:MM:SS, or D天H时M分 from a day on", () => {
    expect(formatTimer(0)).toBe("00:00:00");
    expect(formatTimer(1.5 + 1 / 3600)).toBe("01:30:01");
    expect(formatTimer(26.5)).toBe("1天2时30分");
  });

  it("says durations in 小时, 分钟, or minutes and seconds", () => {
    expect(formatDuration(2.25)).toBe("2.3小时");
    expect(formatDuration(1)).toBe("1小时");
    expect(formatDuration(15 / 60)).toBe("15分钟");
    expect(formatDuration(95 / 3600)).toBe("1分35秒");
  });

  it("bands timeline segments at 1 minute, 1 hour, 1 day, 30 days and 365 days, at least 1% wide", () => {
    expect(timelineBand(0.5 / 60)).toBe(0);
    expect(timelineBand(0.5)).toBe(1);
    expect(timelineBand(2)).toBe(2);
    expect(timelineBand(48)).toBe(3);
    expect(timelineBand(24 * 40)).toBe(4);
    expect(timelineBand(24 * 400)).toBe(5);
    expect(segmentWidth(0.001, 1000)).toBe(1);
    expect(segmentWidth(0, 1000)).toBe(0);
    expect(segmentWidth(500, 1000)).toBe(50);
  });

  it("colours planned time: remaining, overtime, or planned when not running", () => {
    expect(plannedState(1, 3, true)).toEqual({ kind: "remaining", hours: 2 });
    expect(plannedState(4, 3, true)).toEqual({ kind: "overtime", hours: 1 });
    expect(plannedState(4, 3, false)).toEqual({ kind: "planned", hours: 3 });
    expect(plannedState(4, null, true).kind).toBe("none");
  });

  it("counts a clock crossing midnight in Asia/Shanghai on both days", () => {
    // 23:30 to 00:45 Shanghai time is 15:30 to 16:45 UTC.
    expect(shanghaiDay("2026-11-23T15:59:59Z")).toBe("2026-11-23");
    expect(shanghaiDay("2026-11-23T16:00:00Z")).toBe("2026-11-24");
    expect(hoursPerShanghaiDay("2026-11-23T15:30:00Z", "2026-11-23T16:45:00Z")).toEqual([
      { day: "2026-11-23", hours: 0.5 },
      { day: "2026-11-24", hours: 0.75 },
    ]);
    const pause = planPause(
      family(node(1, { self_status: "running", ran_at: "2026-11-23T15:30:00Z", self_time: 0 })),
      "2026-11-23T16:45:00Z",
    );
    expect(pause.get(1)?.self_time).toBe(1.25);
  });
});
