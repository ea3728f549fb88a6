import { describe, expect, it } from "vitest";
import {
  insertAt,
  mergePage,
  moveWithin,
  placeBack,
  placementOf,
  replaceId,
  restoreOrder,
  withoutId,
} from "./list-ops";

describe("list operations", () => {
  it("inserts, removes and moves without touching the input", () => {
    const ids = [1, 2, 3];
    expect(insertAt(ids, 1, 9)).toEqual([1, 9, 2, 3]);
    expect(insertAt(ids, 99, 9)).toEqual([1, 2, 3, 9]);
    expect(withoutId(ids, 2)).toEqual([1, 3]);
    expect(moveWithin(ids, 2, 0)).toEqual([3, 1, 2]);
    expect(moveWithin(ids, 0, 1)).toEqual([2, 1, 3]);
    expect(ids).toEqual([1, 2, 3]);
  });

  it("puts a row back after its old previous sibling", () => {
    const placement = placementOf("k", [1, 2, 3], 2)!;
    expect(placement).toEqual({ listKey: "k", index: 1, prev: 1, next: 3 });
    // Meanwhile 7 was added at the top; 2 still goes right after 1.
    expect(placeBack([7, 1, 3], 2, placement)).toEqual([7, 1, 2, 3]);
  });

  it("falls back to before the old next sibling, then to the old index", () => {
    const placement = placementOf("k", [1, 2, 3], 2)!;
    expect(placeBack([3, 4], 2, placement)).toEqual([2, 3, 4]);
    expect(placeBack([8, 9], 2, placement)).toEqual([8, 2, 9]);
    expect(placementOf("k", [1], 5)).toBeNull();
  });

  it("merges a page without duplicating rows that local inserts pushed across the page boundary", () => {
    expect(mergePage([1, 2, 3], [3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
    expect(mergePage([-1], [1, 2], true)).toEqual([1, 2, -1]);
  });

  it("restores an older order for the rows still present, keeping new ones", () => {
    expect(restoreOrder([3, 1, 2, 4], [1, 2, 3])).toEqual([1, 2, 3, 4]);
    expect(restoreOrder([2, 1], [1, 2, 3])).toEqual([1, 2]);
  });

  it("replaces a temporary id", () => {
    expect(replaceId([1, -1, 2], -1, 40)).toEqual([1, 40, 2]);
  });
});
