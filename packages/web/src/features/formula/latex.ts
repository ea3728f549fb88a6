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

/** The outcome of {@link convertDelimiters}. */
export interface DelimiterConversion {
  /** The text with every complete `\( … \)` and `\[ … \]` pair replaced by its inner formula. */
  latex: string;
  /** True when a pair was found and stripped. */
  converted: boolean;
  /** True when the last pair converted was a display pair `\[ … \]`, false for an inline `\( … \)`. */
  display: boolean;
}

// A delimiter is `\(` etc. but not the second half of `\\` (LaTeX's line break, as in `\\[2pt]`).
const PAIR = /(?<!\\)\\([([])([\s\S]*?)(?<!\\)\\([)\]])/g;

/**
 * Strips typed `\( … \)` (inline) and `\[ … \]` (display) delimiters, keeping the formula inside;
 * unmatched or mismatched delimiters are left as typed, since the person may still be typing.
 */
export function convertDelimiters(text: string): DelimiterConversion {
  let converted = false;
  let display = false;
  const latex = text.replace(PAIR, (whole, open: string, inner: string, close: string) => {
    if ((open === "(") !== (close === ")")) return whole;
    converted = true;
    display = open === "[";
    return inner.trim();
  });
  return { latex: converted ? latex.trim() : text, converted, display };
}
