/**
 * Typed formula delimiters (workspace-spec 2): `\( … \)` inline, `\[ … \]` display. Pure and free of
 * KaTeX, so names can be read for formulas without loading it.
 */

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
export const FORMULA_PAIR = /(?<!\\)\\([([])([\s\S]*?)(?<!\\)\\([)\]])/g;

/**
 * Strips typed `\( … \)` (inline) and `\[ … \]` (display) delimiters, keeping the formula inside;
 * unmatched or mismatched delimiters are left as typed, since the person may still be typing.
 */
export function convertDelimiters(text: string): DelimiterConversion {
  let converted = false;
  let display = false;
  const latex = text.replace(FORMULA_PAIR, (whole, open: string, inner: string, close: string) => {
    if ((open === "(") !== (close === ")")) return whole;
    converted = true;
    display = open === "[";
    return inner.trim();
  });
  return { latex: converted ? latex.trim() : text, converted, display };
}

/** A whole text that is one delimited formula (`\( x^2 \)`): its inside; null otherwise. */
export function wholeFormula(text: string): { latex: string; display: boolean } | null {
  const trimmed = text.trim();
  const pairs = [...trimmed.matchAll(FORMULA_PAIR)];
  if (pairs.length !== 1 || pairs[0][0] !== trimmed) return null;
  const [, open, inner, close] = pairs[0];
  if ((open === "(") !== (close === ")") || inner.trim() === "") return null;
  return { latex: inner.trim(), display: open === "[" };
}
