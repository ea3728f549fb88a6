import { describe, expect, it } from "vitest";
import { canRender, convertDelimiters, renderLatex } from "./latex";

describe("canRender", () => {
  it("accepts formulas KaTeX can draw", () => {
    expect(canRender("E = mc^2")).toBe(true);
    expect(canRender("\\frac{a}{b} + \\sqrt{x}")).toBe(true);
  });

  it("refuses empty and broken formulas", () => {
    expect(canRender("")).toBe(false);
    expect(canRender("   ")).toBe(false);
    expect(canRender("\\frac{a}{")).toBe(false);
    expect(canRender("\\notacommand")).toBe(false);
  });
});

describe("renderLatex", () => {
  it("gives KaTeX markup, in display mode when asked", () => {
    expect(renderLatex("x^2")).toContain('class="katex"');
    expect(renderLatex("x^2", true)).toContain("katex-display");
  });

  it("gives null instead of throwing on a syntax error", () => {
    expect(renderLatex("x^")).toBeNull();
  });
});

describe("convertDelimiters", () => {
  it("turns \\( … \\) into an inline formula", () => {
    expect(convertDelimiters("\\( a^2 + b^2 \\)")).toEqual({
      latex: "a^2 + b^2",
      converted: true,
      display: false,
    });
  });

  it("turns \\[ … \\] into a display formula", () => {
    expect(convertDelimiters("\\[\\sum_{i=1}^n i\\]")).toEqual({
      latex: "\\sum_{i=1}^n i",
      converted: true,
      display: true,
    });
  });

  it("strips every pair in a longer text", () => {
    expect(convertDelimiters("\\(x\\) = \\(y\\)").latex).toBe("x = y");
  });

  it("leaves text alone while a pair is still open or mismatched", () => {
    expect(convertDelimiters("\\( a + b")).toEqual({ latex: "\\( a + b", converted: false, display: false });
    expect(convertDelimiters("\\( a \\]").converted).toBe(false);
    expect(convertDelimiters("x^2").converted).toBe(false);
  });

  it("does not mistake LaTeX's line break \\\\[2pt] for a display delimiter", () => {
    const text = "\\begin{matrix} a \\\\[2pt] b \\end{matrix}";
    expect(convertDelimiters(text)).toEqual({ latex: text, converted: false, display: false });
  });
});
