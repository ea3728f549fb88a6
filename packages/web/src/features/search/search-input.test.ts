import { describe, expect, it } from "vitest";
import { readSearchInput } from "./search-input";

describe("readSearchInput", () => {
  it("reads a type prefix before an ASCII or full-width colon", () => {
    expect(readSearchInput("DEF:定义")).toEqual({ kind: "typed", type: "DEF", text: "定义" });
    expect(readSearchInput("concept： 知识树 ")).toEqual({ kind: "typed", type: "CONCEPT", text: "知识树" });
  });

  it("reads an unknown prefix (letters, digits, underscore, Chinese, spaces) as a tag", () => {
    expect(readSearchInput("读书 笔记：红楼梦")).toEqual({
      kind: "tagged",
      tag: "读书 笔记",
      text: "红楼梦",
    });
    expect(readSearchInput("my_tag2:x")).toEqual({ kind: "tagged", tag: "my_tag2", text: "x" });
  });

  it("asks for smart complete on a leading colon", () => {
    expect(readSearchInput("：什么是知识树")).toEqual({ kind: "smartComplete", text: "什么是知识树" });
  });

  it("keeps plain text: no colon, a colon past 26 characters, bad prefix characters, times and URLs", () => {
    expect(readSearchInput("知识树")).toEqual({ kind: "plain", text: "知识树" });
    expect(readSearchInput(`${"长".repeat(26)}:后`).kind).toBe("plain");
    expect(readSearchInput(`${"长".repeat(25)}:后`).kind).toBe("tagged");
    expect(readSearchInput("a-b:c").kind).toBe("plain");
    expect(readSearchInput("10:30 开会").kind).toBe("plain");
    expect(readSearchInput("https://example.com").kind).toBe("plain");
    expect(readSearchInput("USER:x").kind).toBe("tagged");
  });
});
