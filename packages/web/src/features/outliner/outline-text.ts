import { type FlatRow, isNodeRow } from "./flatten";

/** Two spaces per level: what pastes as a nested list into most outliners and plain-text editors. */
const INDENT_TEXT = "  ";

/**
 * The visible tree as indented text (the breadcrumb's 复制): the page's node on the first line, then each
 * visible row by its level, names only. Works on the flattened visible rows, so children of collapsed
 * rows and collapsed groups are left out exactly as on screen; group headers are not names and are
 * skipped, and their rows are lifted so the page's own children are always one level in.
 */
export function outlineAsText(
  rootName: string,
  rows: readonly FlatRow[],
  nameOf: (id: number) => string,
): string {
  const nodes = rows.filter(isNodeRow);
  const top = Math.min(...nodes.map((r) => r.depth));
  const lines = [rootName];
  for (const row of nodes) lines.push(INDENT_TEXT.repeat(row.depth - top + 1) + nameOf(row.id));
  return lines.join("\n");
}

/** The toast's short form: the first line, with an ellipsis when there is more. */
export function firstLineOf(text: string): string {
  const at = text.indexOf("\n");
  return at < 0 ? text : `${text.slice(0, at)}…`;
}
