import { describe, expect, it } from "vitest";
import { mergeDrafts } from "./draft-merge";

describe("merging two tabs' edits of one draft", () => {
  it("takes the only side that changed", () => {
    expect(mergeDrafts("abc", "abc", "abcd", "mine")).toBe("abcd");
    expect(mergeDrafts("abc", "abcX", "abc", "theirs")).toBe("abcX");
    expect(mergeDrafts("abc", "same", "same", "theirs")).toBe("same");
  });

  it("keeps edits in different places, both as made, whichever side goes first", () => {
    for (const first of ["mine", "theirs"] as const) {
      expect(mergeDrafts("你好世界", "你好，世界", "你好世界！", first)).toBe("你好，世界！");
      expect(mergeDrafts("abcdef", "aXf", "abcdefY", first)).toBe("aXfY");
      // An insertion right where the other side's replacement starts lands before it.
      expect(mergeDrafts("abcdef", "abZcdef", "abXYef", first)).toBe("abZXYef");
    }
  });

  it("at the same place keeps the first side whole and adds what the other typed, in both tabs alike", () => {
    // Two tabs each typed at the end: each merges the other's edit, `first` naming the same tab.
    const inA = mergeDrafts("你好", "你好，在吗", "你好呀", "mine");
    const inB = mergeDrafts("你好", "你好呀", "你好，在吗", "theirs");
    expect(inA).toBe("你好，在吗\n呀");
    expect(inB).toBe(inA);
    // A deletion against an insertion inside it: nothing typed is lost.
    expect(mergeDrafts("hello world", "", "hello big world", "mine")).toBe("big ");
    expect(mergeDrafts("hello world", "", "hello big world", "theirs")).toBe("hello big world");
  });

  it("merges keystroke by keystroke to the same text in both tabs, one line break between the sides", () => {
    // Tab one typed 十 then 点 (two messages), tab two 见 meanwhile; each merges what it hears.
    for (const [first, other] of [
      ["mine", "theirs"],
      ["theirs", "mine"],
    ] as const) {
      const two = mergeDrafts(
        "明天上午十",
        mergeDrafts("明天上午", "明天上午见", "明天上午十", first),
        "明天上午十点",
        first,
      );
      const one = mergeDrafts("明天上午", "明天上午十点", "明天上午见", other);
      expect(two).toBe(one);
      expect(two).toMatch(/^明天上午(十点\n见|见\n十点)$/);
    }
  });

  it("adds nothing twice when both typed the same words", () => {
    expect(mergeDrafts("a", "a好的", "a好", "mine")).toBe("a好的");
  });
});
