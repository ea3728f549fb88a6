import { describe, expect, it } from "vitest";
import { reorder } from "./card-order";

const cards = [1, 2, 3, 4].map((id) => ({ id }));
const ids = (r: ReturnType<typeof reorder>) => r && { ids: r.cards.map((c) => c.id), beforeId: r.beforeId };

describe("reorder", () => {
  it("moves a card before the one it is dropped on and names the card it now precedes", () => {
    expect(ids(reorder(cards, 4, 2))).toEqual({ ids: [1, 4, 2, 3], beforeId: 2 });
    expect(ids(reorder(cards, 1, 4))).toEqual({ ids: [2, 3, 1, 4], beforeId: 4 });
  });

  it("moves to the end when dropped after the last card", () => {
    expect(ids(reorder(cards, 2, null))).toEqual({ ids: [1, 3, 4, 2], beforeId: null });
  });

  it("does nothing when the order would not change or a card is unknown", () => {
    expect(reorder(cards, 2, 2)).toBeNull();
    expect(reorder(cards, 2, 3)).toBeNull();
    expect(reorder(cards, 4, null)).toBeNull();
    expect(reorder(cards, 9, 1)).toBeNull();
    expect(reorder(cards, 1, 9)).toBeNull();
  });
});
