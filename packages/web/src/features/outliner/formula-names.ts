import { wholeFormula } from "../formula/delimiters";

/**
 * A name typed (or pasted) into one whole `\( … \)` or `\[ … \]` formula (issue 12 point 12,
 * workspace-spec 2): a plain note, or a formula node, becomes a formula node (EX) keeping the LaTeX
 * inside, as the 编辑公式 field converts. Returns that LaTeX, or null. A typed node (DEF, RULE …) keeps
 * its type and shows the formula drawn in its name instead (RenderedName).
 */
export function typedFormula(before: string, after: string, type: string | undefined): string | null {
  if (type !== "NOTE" && type !== "EX") return null;
  const formula = wholeFormula(after);
  if (!formula || wholeFormula(before)) return null;
  return formula.latex;
}
