import { describe, expect, it } from "vitest";
import { cardPreview } from "./card-preview";

describe("cardPreview", () => {
  it("reduces rich text to plain words and keeps short text whole", () => {
    expect(cardPreview({ text: "<p>知识&nbsp;<b>树</b></p>\n<p>a &amp; b</p>" })).toBe("知识 树 a & b");
    expect(cardPreview({})).toBe("");
    expect(cardPreview({ text: 42 })).toBe("");
  });

  it("cuts at 50 characters without splitting a character", () => {
    const long = `${"知".repeat(49)}😀${"识".repeat(10)}`;
    const preview = cardPreview({ text: long });
    expect(Array.from(preview)).toHaveLength(51);
    expect(preview.endsWith("😀…")).toBe(true);
    expect(cardPreview({ text: "树".repeat(50) })).toBe("树".repeat(50));
  });
});
