import { describe, expect, it } from "vitest";
import { chunksOf, mergeRefusal } from "./merge-plan";

const note = { type: "NOTE", labelled: false };

describe("mergeRefusal", () => {
  it("lets two plain rows merge, whatever the upper row's label", () => {
    expect(mergeRefusal(note, note, "Backspace")).toBeNull();
    expect(mergeRefusal({ type: "DEF", labelled: true }, note, "Delete")).toBeNull();
  });

  it("names the row that cannot take or give text as the person sees it", () => {
    expect(mergeRefusal({ type: "EX", labelled: true }, note, "Backspace")).toBe("上一行是公式，不能合并");
    expect(mergeRefusal({ type: "IMAGE", labelled: true }, note, "Delete")).toBe("这一行是图片，不能合并");
    expect(mergeRefusal(note, { type: "FILE", labelled: true }, "Delete")).toBe("下一行是文件，不能合并");
    expect(mergeRefusal(note, { type: "DEF", labelled: true }, "Delete")).toBe(
      "下一行是带类型的节点，不能合并",
    );
  });
});

describe("chunksOf", () => {
  it("splits ids into runs of at most 500", () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i);
    expect(chunksOf(ids).map((c) => c.length)).toEqual([500, 500, 1]);
    expect(chunksOf([])).toEqual([]);
  });
});
