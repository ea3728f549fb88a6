import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import type { NodeRow } from "./flatten";
import { planCloseLevel, planOpenLevel, WHEEL_STEP_MS, wheelStep } from "./levels";

// 1 ─ 2 (children 4, 5; 4 has children 6)
//   ─ 3 (children 7)
const lists = {
  "1:CHILD_NODE": ready([2, 3]),
  "2:CHILD_NODE": ready([4, 5]),
  "3:CHILD_NODE": ready([7]),
  "4:CHILD_NODE": ready([6]),
};
const hasChildren = (id: number) => [2, 3, 4].includes(id);
const ids = (rows: NodeRow[]) => rows.map((r) => r.id);

describe("one more level", () => {
  it("opens every page child with children when nothing is open", () => {
    const plan = planOpenLevel(flat(lists), hasChildren);
    expect(plan.kind).toBe("open");
    if (plan.kind !== "open") return;
    expect(ids(plan.rows)).toEqual([2, 3]);
    expect(plan.extraLevels).toBe(1);
  });

  it("opens the next level below the open ones, and rows closed by hand above it", () => {
    const plan = planOpenLevel(flat(lists, ["1:CHILD_NODE/2"]), hasChildren);
    if (plan.kind !== "open") throw new Error(plan.kind);
    // 3 was left closed at level 0; 4 is the deepest row with children; 5 has none.
    expect(ids(plan.rows)).toEqual([4, 3]);
    expect(plan.extraLevels).toBe(2);
  });

  it("does nothing when every visible row is open or a leaf", () => {
    const open = ["1:CHILD_NODE/2", "1:CHILD_NODE/3", "2:CHILD_NODE/4"];
    expect(planOpenLevel(flat(lists, open), hasChildren)).toEqual({ kind: "none" });
  });

  it("counts levels from the page's children under group headers too", () => {
    const rows = flat(lists, [], { grouped: true });
    const plan = planOpenLevel(rows, hasChildren);
    expect(plan.kind === "open" && plan.extraLevels).toBe(1);
  });
});

describe("one level less", () => {
  it("closes the deepest open rows only", () => {
    const plan = planCloseLevel(flat(lists, ["1:CHILD_NODE/2", "1:CHILD_NODE/3", "2:CHILD_NODE/4"]));
    if (plan.kind !== "close") throw new Error(plan.kind);
    expect(ids(plan.rows)).toEqual([4]);
    expect(plan.extraLevels).toBe(1);
  });

  it("closes the page's children, back to level 0", () => {
    const plan = planCloseLevel(flat(lists, ["1:CHILD_NODE/2", "1:CHILD_NODE/3"]));
    if (plan.kind !== "close") throw new Error(plan.kind);
    expect(ids(plan.rows)).toEqual([2, 3]);
    expect(plan.extraLevels).toBe(0);
  });

  it("zooms out when nothing below the page's children is open (or the page is empty)", () => {
    expect(planCloseLevel(flat(lists))).toEqual({ kind: "zoomOut" });
    expect(planCloseLevel([])).toEqual({ kind: "zoomOut" });
  });
});

describe("ctrl+wheel steps", () => {
  it("wheel up opens, down closes", () => {
    expect(wheelStep(-100, 1000, 0)).toBe(1);
    expect(wheelStep(100, 1000, 0)).toBe(-1);
    expect(wheelStep(0, 1000, 0)).toBe(0);
  });

  it("takes one step per notch: events closer than the gap are dropped", () => {
    expect(wheelStep(-3, 1000 + WHEEL_STEP_MS - 1, 1000)).toBe(0);
    expect(wheelStep(-3, 1000 + WHEEL_STEP_MS, 1000)).toBe(1);
  });
});
