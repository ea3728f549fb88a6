import katex from "katex";
// The one place the app pulls in KaTeX's stylesheet: everything that shows math renders through here.
import "katex/dist/katex.min.css";

/** KaTeX markup for a formula, or null when KaTeX cannot render it (the caller shows the raw text). */
export function renderLatex(latex: string, display = false): string | null {
  try {
    // throwOnError: a formula with a syntax error must be reported, not drawn half in red.
    return katex.renderToString(latex, { displayMode: display, throwOnError: true, output: "htmlAndMathml" });
  } catch {
    return null;
  }
}

/** True when the formula is non-empty and KaTeX renders it without error. */
export function canRender(latex: string): boolean {
  return latex.trim() !== "" && renderLatex(latex) !== null;
}

export { convertDelimiters, type DelimiterConversion } from "./delimiters";
