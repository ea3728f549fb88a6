import { describe, expect, it } from "vitest";
import { boxBetween, isBoxDrag, rowsInBox } from "./selection-box";

describe("the selection box", () => {
  const rows = [0, 1, 2, 3].map((i) => ({
    key: `r${i}`,
    left: 0,
    right: 500,
    top: i * 32,
    bottom: i * 32 + 32,
  }));

  it("spans its two corners whichever way it was drawn", () => {
    expect(boxBetween({ x: 50, y: 90 }, { x: 10, y: 20 })).toEqual({
      left: 10,
      top: 20,
      right: 50,
      bottom: 90,
    });
  });

  it("ticks the rows it crosses, not those it only touches", () => {
    expect(rowsInBox({ left: 10, right: 20, top: 40, bottom: 70 }, rows)).toEqual(["r1", "r2"]);
    expect(rowsInBox({ left: 10, right: 20, top: 32, bottom: 64 }, rows)).toEqual(["r1"]);
    expect(rowsInBox({ left: 600, right: 700, top: 0, bottom: 200 }, rows)).toEqual([]);
  });

  it("starts only once the pointer moved a few pixels", () => {
    expect(isBoxDrag({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(false);
    expect(isBoxDrag({ x: 0, y: 0 }, { x: 0, y: 4 })).toBe(true);
  });
});
