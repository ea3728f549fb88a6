import { describe, expect, it } from "vitest";
import { hasReferences, parseReferences } from "./references";

describe("parseReferences", () => {
  it("reads ids and keywords between plain text, in order", () => {
    expect(parseReferences("见@{42}和@{ 勾股定理 }。")).toEqual([
      { kind: "text", text: "见" },
      { kind: "ref", raw: "@{42}", id: 42 },
      { kind: "text", text: "和" },
      { kind: "ref", raw: "@{ 勾股定理 }", keyword: "勾股定理" },
      { kind: "text", text: "。" },
    ]);
  });

  it("keeps text without references, empty references and broken braces as plain text", () => {
    expect(parseReferences("普通笔记")).toEqual([{ kind: "text", text: "普通笔记" }]);
    expect(parseReferences("@{} 与 @{  } 与 @{未闭合")).toEqual([
      { kind: "text", text: "@{} 与 @{  } 与 @{未闭合" },
    ]);
    expect(parseReferences("")).toEqual([{ kind: "text", text: "" }]);
    expect(hasReferences("@{1}")).toBe(true);
    expect(hasReferences("邮件 a@b.com {x}")).toBe(false);
  });

  it("reads a number too long for an id as a keyword", () => {
    expect(parseReferences("@{12345678901}")).toEqual([
      { kind: "ref", raw: "@{12345678901}", keyword: "12345678901" },
    ]);
  });
});
