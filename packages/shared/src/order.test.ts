import { describe, expect, it } from "vitest";
import { MIN_ORDER_GAP, orderBetween } from "./order";

describe("orderBetween", () => {
  it("takes the midpoint between neighbours", () => expect(orderBetween(1, 2)).toBe(1.5));
  it("goes before the first by one", () => expect(orderBetween(null, 3)).toBe(2));
  it("goes after the last by one", () => expect(orderBetween(7, undefined)).toBe(8));
  it("starts an empty list at 1", () => expect(orderBetween(null, null)).toBe(1));
  it("asks for a renumber when the gap is under the minimum", () => {
    expect(orderBetween(1, 1 + MIN_ORDER_GAP / 2)).toBeNull();
    expect(orderBetween(1, 1 + MIN_ORDER_GAP)).toBe(1 + MIN_ORDER_GAP / 2);
  });
  it("runs out of room after about seven halvings of a unit gap", () => {
    let next = 2;
    let halvings = 0;
    for (let order = orderBetween(1, next); order !== null; order = orderBetween(1, next)) {
      next = order;
      halvings++;
    }
    expect(halvings).toBe(7);
  });
});
