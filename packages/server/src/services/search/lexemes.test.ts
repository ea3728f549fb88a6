import { describe, expect, it } from "vitest";
import { queryTerms, searchLexemes } from "./lexemes";

describe("searchLexemes", () => {
  const lexemes = new Set(searchLexemes("知识树"));
  it("indexes characters and bigrams", () => {
    for (const l of ["知", "识", "树", "知识", "识树"]) expect(lexemes).toContain(l);
  });
  it("indexes full pinyin and initials from every character on", () => {
    for (const l of ["zhishishu", "shishu", "shu", "zss", "ss"]) expect(lexemes).toContain(l);
  });
  it("reads polyphones in context", () => expect(searchLexemes("重庆")).toContain("chongqing"));
  it("lower-cases other words and ignores markup", () => {
    const mixed = searchLexemes("<p>Hello <b>World</b> 2026</p>");
    expect(mixed).toEqual(expect.arrayContaining(["hello", "world", "2026"]));
    expect(mixed).not.toContain("p");
  });
});

describe("queryTerms", () => {
  it("splits Chinese into bigrams that must all match", () => {
    expect(queryTerms("知识树").map((t) => t.lexeme)).toEqual(["知识", "识树"]);
  });
  it("keeps a single character as is", () =>
    expect(queryTerms("树")).toEqual([{ lexeme: "树", prefix: false }]));
  it("treats Latin as a prefix", () =>
    expect(queryTerms("ZhiShi")).toEqual([{ lexeme: "zhishi", prefix: true }]));
  it("drops punctuation and tsquery operators", () => {
    expect(queryTerms("a & b | !c:*").map((t) => t.lexeme)).toEqual(["a", "b", "c"]);
  });
});
