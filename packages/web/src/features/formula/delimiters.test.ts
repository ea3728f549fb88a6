import { describe, expect, it } from "vitest";
import { wholeFormula } from "./delimiters";

describe("wholeFormula", () => {
  it("reads a text that is one delimited formula", () => {
    expect(wholeFormula("\\( x^2 \\)")).toEqual({ latex: "x^2", display: false });
    expect(wholeFormula(" \\[\\frac{a}{b}\\] ")).toEqual({ latex: "\\frac{a}{b}", display: true });
  });

  it("leaves text around a formula, two formulas, mismatched or empty pairs alone", () => {
    expect(wholeFormula("面积 \\(S\\)")).toBeNull();
    expect(wholeFormula("\\(a\\) + \\(b\\)")).toBeNull();
    expect(wholeFormula("\\(a\\]")).toBeNull();
    expect(wholeFormula("\\( \\)")).toBeNull();
  });
});
