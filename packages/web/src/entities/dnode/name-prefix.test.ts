import { describe, expect, it } from "vitest";
import {
  clearedNameOutcome,
  emptyRowBackspace,
  insertedText,
  parseNamePrefix,
  prefixChange,
  prefixEffect,
  typedColon,
  typeLabelOf,
} from "./name-prefix";

describe("parseNamePrefix", () => {
  it("reads a type prefix with an ASCII or a full-width colon", () => {
    expect(parseNamePrefix("DEF:定义")).toEqual({ prefix: "DEF", rest: "定义" });
    expect(parseNamePrefix("DEF：定义")).toEqual({ prefix: "DEF", rest: "定义" });
  });

  it("drops the spaces after the colon", () => {
    expect(parseNamePrefix("RULE:  先写测试")).toEqual({ prefix: "RULE", rest: "先写测试" });
    expect(parseNamePrefix("来历：\u3000古代")).toEqual({ prefix: "来历", rest: "古代" });
  });

  it("accepts letters, digits, underscore and Chinese characters in the prefix", () => {
    expect(parseNamePrefix("My_标签2:x")).toEqual({ prefix: "My_标签2", rest: "x" });
    expect(parseNamePrefix("a-b:x")).toBeNull();
    expect(parseNamePrefix("two words:x")).toBeNull();
  });

  it("needs the colon within the first 25 characters", () => {
    const at24 = `${"甲".repeat(24)}:名`;
    const at25 = `${"甲".repeat(25)}:名`;
    expect(parseNamePrefix(at24)?.prefix).toBe("甲".repeat(24));
    expect(parseNamePrefix(at25)).toBeNull();
  });

  it("leaves names without a prefix, times and URLs alone", () => {
    expect(parseNamePrefix("没有前缀")).toBeNull();
    expect(parseNamePrefix(":开头就是冒号")).toBeNull();
    expect(parseNamePrefix("10:30 开会")).toBeNull();
    expect(parseNamePrefix("https://example.com")).toBeNull();
  });

  it("uses the first colon", () => {
    expect(parseNamePrefix("DEF:比例:部分与整体")).toEqual({ prefix: "DEF", rest: "比例:部分与整体" });
  });
});

describe("prefixEffect", () => {
  it("sets a known type and makes anything else a custom label", () => {
    expect(prefixEffect("DEF")).toEqual({ type: "DEF" });
    expect(prefixEffect("NOTE")).toEqual({ type: "NOTE" });
    expect(prefixEffect("ORI")).toEqual({ customPrefix: "ORI" });
    expect(prefixEffect("来历")).toEqual({ customPrefix: "来历" });
  });

  it("reads type codes in any case (issue 12 point 8)", () => {
    expect(prefixEffect("def")).toEqual({ type: "DEF" });
    expect(prefixEffect("Step")).toEqual({ type: "STEP" });
  });

  it("reads the Chinese type labels of workspace-spec 3 as their types", () => {
    const cases = {
      定义: "DEF",
      概念: "CONCEPT",
      方法: "METHOD",
      规则: "RULE",
      步骤: "STEP",
      目录: "DIR",
      文本: "TEXT",
      代码: "CODE",
      链接: "URL",
      实例: "INSTANCE",
      参数: "PARAM",
      结果: "RESULT",
      图片: "IMAGE",
      文件: "FILE",
      公式: "EX",
      属性值: "PVALUE",
    };
    for (const [label, type] of Object.entries(cases)) expect(prefixEffect(label)).toEqual({ type });
  });

  it("keeps the word typed of a label with several words as the row's label", () => {
    expect(prefixEffect("目标")).toEqual({ type: "PROCESS", customPrefix: "目标" });
    expect(prefixEffect("BUG")).toEqual({ type: "PROCESS", customPrefix: "bug" });
    expect(prefixEffect("类")).toEqual({ type: "CONCEPT", customPrefix: "类" });
  });

  it("never makes a user root", () => {
    expect(prefixEffect("USER")).toEqual({ customPrefix: "USER" });
    expect(prefixEffect("用户根节点")).toEqual({ customPrefix: "用户根节点" });
  });
});

describe("prefixChange", () => {
  it("sets the type, and the label only where one is kept or dropped", () => {
    expect(prefixChange({ type: "DEF" }, false)).toEqual({ type: "DEF" });
    expect(prefixChange({ type: "DEF" }, true)).toEqual({ type: "DEF", content: { custom_prefix: null } });
    expect(prefixChange({ type: "PROCESS", customPrefix: "目标" }, false)).toEqual({
      type: "PROCESS",
      content: { custom_prefix: "目标" },
    });
    expect(prefixChange({ customPrefix: "来历" }, false)).toEqual({ content: { custom_prefix: "来历" } });
  });
});

describe("typedColon", () => {
  it("is true only when the edit itself brought a colon", () => {
    expect(typedColon("DEF", "DEF:")).toBe(true);
    expect(typedColon("DEF", "DEF：")).toBe(true);
    expect(typedColon("", "DEF:定义")).toBe(true);
    expect(typedColon("DEF:定", "DEF:定义")).toBe(false);
    expect(typedColon("DEF:定义", "DEF:定")).toBe(false);
  });

  it("finds what was typed in the middle of a name", () => {
    expect(insertedText("abcd", "abXYcd")).toBe("XY");
    expect(insertedText("aaa", "aaaa")).toBe("a");
    expect(typedColon("ab", "a:b")).toBe(true);
  });
});

describe("typeLabelOf", () => {
  it("shows the Chinese label of a type, the code when there is none, nothing for a note", () => {
    expect(typeLabelOf("DEF", {})).toEqual({ text: "定义", code: "DEF", custom: false });
    expect(typeLabelOf("CLASS", {})).toEqual({ text: "CLASS", code: "CLASS", custom: false });
    expect(typeLabelOf("NOTE", {})).toBeNull();
  });

  it("shows a custom prefix first", () => {
    expect(typeLabelOf("NOTE", { custom_prefix: "ORI" })).toEqual({ text: "ORI", code: "ORI", custom: true });
  });
});

describe("clearing a name", () => {
  const base = { nameAtFocus: "旧名字", name: "", labelled: false, hasChildren: false };

  it("deletes a plain node whose name was cleared", () => {
    expect(clearedNameOutcome(base)).toBe("delete");
  });

  it("reverts a labelled node to a plain note instead", () => {
    expect(clearedNameOutcome({ ...base, labelled: true })).toBe("revertToNote");
  });

  it("keeps rows that were empty from the start, still have text, or hold children", () => {
    expect(clearedNameOutcome({ ...base, nameAtFocus: "" })).toBe("keep");
    expect(clearedNameOutcome({ ...base, name: "x" })).toBe("keep");
    expect(clearedNameOutcome({ ...base, hasChildren: true })).toBe("keep");
  });

  it("Backspace on an empty row drops the label first, then the row", () => {
    expect(emptyRowBackspace({ labelled: true, hasChildren: false })).toBe("revertToNote");
    expect(emptyRowBackspace({ labelled: false, hasChildren: false })).toBe("delete");
    expect(emptyRowBackspace({ labelled: false, hasChildren: true })).toBe("keep");
  });
});
