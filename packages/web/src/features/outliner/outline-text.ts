import { typeLabelOf } from "../../entities/dnode/name-prefix";
import { type FlatRow, isNodeRow } from "./flatten";

/** Two spaces per level: what pastes as a nested list into most outliners and plain-text editors. */
const INDENT_TEXT = "  ";

/**
 * The visible tree as indented text (the breadcrumb's 复制): the page's node on the first line, then each
 * visible row by its level, each name after its type's label (`定义：朝代`, as a Chinese input method types
 * it) so pasting it back makes the same types (issue 12 point 9). Works on the flattened visible rows, so children of collapsed
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

/** A node's line in copied text: its type's Chinese label (or custom label) and a full-width colon, then its name. */
export function labelledName(
  node: { type: string; content: Record<string, unknown>; name: string },
  untitled: string,
) {
  const label = typeLabelOf(node.type, node.content);
  return `${label ? `${label.text}：` : ""}${node.name || untitled}`;
}
