import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import { isNodeRow, type NodeRow } from "./flatten";
import { endRow, isSiblingRun, rangeBetween, rowsAway, topLevelRows } from "./row-range";

// 2 [4 [5]], 3, 6 — all open.
const rows = flat(
  { "1:CHILD_NODE": ready([2, 3, 6]), "2:CHILD_NODE": ready([4]), "4:CHILD_NODE": ready([5]) },
  ["1:CHILD_NODE/2", "2:CHILD_NODE/4"],
);
const nodes = rows.filter(isNodeRow);
const keyOf = (id: number) => nodes.find((r) => r.id === id)!.key;
const ids = (list: readonly NodeRow[]) => list.map((r) => r.id);

describe("row ranges", () => {
  it("takes the rows between two keys in screen order, whichever comes first", () => {
    expect(ids(rangeBetween(rows, keyOf(4), keyOf(3)))).toEqual([4, 5, 3]);
    expect(ids(rangeBetween(rows, keyOf(3), keyOf(4)))).toEqual([4, 5, 3]);
    expect(rangeBetween(rows, keyOf(3), "gone")).toEqual([]);
  });

  it("leaves out selected rows inside other selected rows (they move with them)", () => {
    const selected = new Set([keyOf(2), keyOf(5), keyOf(3)]);
    expect(ids(topLevelRows(rows, selected))).toEqual([2, 3]);
    expect(ids(topLevelRows(rows, new Set([keyOf(5), keyOf(6)])))).toEqual([5, 6]);
  });

  it("knows a run of neighbouring siblings", () => {
    const byId = (...list: number[]) => list.map((id) => nodes.find((r) => r.id === id)!);
    expect(isSiblingRun(byId(2, 3), [2, 3, 6])).toBe(true);
    expect(isSiblingRun(byId(2, 6), [2, 3, 6])).toBe(false);
    expect(isSiblingRun(byId(2, 4), [2, 3, 6])).toBe(false);
    expect(isSiblingRun([], [2])).toBe(false);
  });

  it("finds the ends and the row a screen away, stopping at the ends", () => {
    expect(endRow(rows, "first")?.id).toBe(2);
    expect(endRow(rows, "last")?.id).toBe(6);
    expect(rowsAway(rows, keyOf(2), 2)?.id).toBe(5);
    expect(rowsAway(rows, keyOf(2), 20)?.id).toBe(6);
    expect(rowsAway(rows, keyOf(3), -20)?.id).toBe(2);
    expect(rowsAway(rows, keyOf(2), -1)).toBeNull();
  });
});
