import { describe, expect, it } from "vitest";
import { formatInfoValue, infoTags, TAG_CHARS } from "./info-tags";

describe("relation info tags", () => {
  it("shows relevance blue as a percentage, reason green, first", () => {
    const tags = infoTags({ key: null, info: { note: "旁注", reason: "同一作者", relevance: 85 } });
    expect(tags.map((t) => [t.color, t.text])).toEqual([
      ["blue", "相关度：85%"],
      ["green", "同一作者"],
      [undefined, "note：旁注"],
    ]);
    expect(tags[1].title).toBe("理由：同一作者");
  });

  it("leaves out internal keys, empty values and objects", () => {
    const info = {
      xNameV: "父",
      yNameV: "子",
      y_name: "CHILD_NODE",
      focusing_dnodes: [1, 2],
      type: "String",
      empty: " ",
      nested: { a: 1 },
      missing: null,
    };
    expect(infoTags({ key: null, info })).toEqual([]);
    expect(infoTags(undefined)).toEqual([]);
  });

  it("shows a dict entry's key, and the info's key and value entries, in the default colour", () => {
    const tags = infoTags({ key: "颜色", info: { value: "红" } });
    expect(tags.map((t) => [t.color, t.text])).toEqual([
      [undefined, "颜色"],
      [undefined, "值：红"],
    ]);
  });

  it("cuts long values, keeping the whole in the title", () => {
    const long = "很".repeat(TAG_CHARS + 5);
    const [tag] = infoTags({ key: null, info: { reason: long } });
    expect(tag.text).toBe(`${"很".repeat(TAG_CHARS)}…`);
    expect(tag.title).toBe(`理由：${long}`);
  });
});

describe("info values", () => {
  it("shows a number 0–100 as a percentage, others as they are", () => {
    expect(formatInfoValue(85)).toBe("85%");
    expect(formatInfoValue(0)).toBe("0%");
    expect(formatInfoValue(100)).toBe("100%");
    expect(formatInfoValue(33.333)).toBe("33.33%");
    expect(formatInfoValue(250)).toBe("250");
    expect(formatInfoValue(-1)).toBe("-1");
    expect(formatInfoValue(true)).toBe("是");
    expect(formatInfoValue("85")).toBe("85");
  });
});
