import { describe, expect, it } from "vitest";
import {
  countItems,
  isOutlineText,
  type OutlineItem,
  outlineItemsAsHtml,
  outlineItemsAsText,
  outlineItemsFromHtml,
  parseOutlineText,
} from "./outline-paste-text";

/** Names as nested arrays, like e2e/outline.ts reads the server's trees. */
const shape = (items: OutlineItem[]): unknown[] =>
  items.map((i) => (i.children.length ? [i.name, shape(i.children)] : i.name));

describe("parseOutlineText", () => {
  it("nests lines by spaces and tabs, skipping blank lines", () => {
    const text = "唐\n  李白\n    静夜思\n\n  杜甫\n宋\n\t苏轼";
    expect(shape(parseOutlineText(text))).toEqual([
      ["唐", [["李白", ["静夜思"]], "杜甫"]],
      ["宋", ["苏轼"]],
    ]);
  });

  it("reads Markdown bullets and numbered lists, Windows line ends included", () => {
    const text = "- 一\r\n  * 一甲\r\n  * 一乙\r\n- 二\r\n  1. 二甲\r\n  2) 二乙";
    expect(shape(parseOutlineText(text))).toEqual([
      ["一", ["一甲", "一乙"]],
      ["二", ["二甲", "二乙"]],
    ]);
  });

  it("makes a line indented less than its parent a sibling of the nearest line as far in", () => {
    const text = "甲\n    乙\n  丙\n丁";
    expect(shape(parseOutlineText(text))).toEqual([["甲", ["乙", "丙"]], "丁"]);
  });

  it("applies prefixes per line: a type code sets the type, anything else is a label", () => {
    const [def, label] = parseOutlineText("DEF:二叉树\n重点：遍历");
    expect(def).toMatchObject({ name: "二叉树", type: "DEF", content: {} });
    expect(label).toMatchObject({ name: "遍历", type: "NOTE", content: { custom_prefix: "重点" } });
  });

  it("reads the breadcrumb's 复制 text back as the same tree", () => {
    expect(shape(parseOutlineText("根\n  二\n    四\n  三"))).toEqual([["根", [["二", ["四"]], "三"]]]);
  });
});

describe("isOutlineText and countItems", () => {
  it("treats text with two or more non-empty lines as an outline", () => {
    expect(isOutlineText("一行")).toBe(false);
    expect(isOutlineText("一行\n\n")).toBe(false);
    expect(isOutlineText("一\n二")).toBe(true);
    expect(countItems(parseOutlineText("a\n  b\n  c\nd"))).toBe(4);
  });
});

describe("the app's clipboard format", () => {
  const items: OutlineItem[] = [
    {
      name: '<定义> & "引号"',
      type: "DEF",
      content: { text: "<p>正文</p>" },
      children: [{ name: "子", type: "NOTE", content: {}, children: [] }],
    },
  ];

  it("round-trips types and fields through the HTML it writes", () => {
    const html = outlineItemsAsHtml(items);
    expect(html).toContain("<li>&lt;定义&gt; &amp; &quot;引号&quot;<ul><li>子</li></ul></li>");
    expect(outlineItemsFromHtml(html)).toEqual(items);
    expect(outlineItemsFromHtml("<ul><li>别处</li></ul>")).toBeNull();
    expect(outlineItemsFromHtml('<div data-zhishu-outline="%7Bbroken">')).toBeNull();
  });

  it("writes plain text two spaces per level with the type's code", () => {
    const text = outlineItemsAsText(items, (i) => (i.type === "NOTE" ? null : i.type));
    expect(text).toBe('DEF:<定义> & "引号"\n  子');
    expect(shape(parseOutlineText(text))).toEqual([['<定义> & "引号"', ["子"]]]);
  });
});
