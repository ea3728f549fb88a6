import { parseNamePrefix, prefixEffect } from "../../entities/dnode/name-prefix";

/**
 * Pasted outlines (issue 12 item 9): text read as one row per line, nested by indentation, and the app's
 * own copied rows. Pure, so the parsing is tested on its own.
 */

/** One row to make, with the rows under it. */
export interface OutlineItem {
  name: string;
  type: string;
  content: Record<string, unknown>;
  children: OutlineItem[];
}

/** Markdown bullets and numbers at the start of a line: `- `, `* `, `+ `, `1. `, `1) `. */
const BULLET = /^(?:[-*+•]|\d{1,9}[.)、])[ \t\u3000]+/;
/** A tab counts as this many spaces when lines mix them. */
const TAB_WIDTH = 4;

/** True when pasted text is an outline rather than words for one name: it holds more than one line. */
export function isOutlineText(text: string): boolean {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "").length > 1;
}

/** How far a line is indented, in columns (tabs to the next multiple of TAB_WIDTH; full-width space = 2). */
function indentOf(line: string): number {
  let column = 0;
  for (const ch of line) {
    if (ch === " ") column++;
    else if (ch === "\t") column += TAB_WIDTH - (column % TAB_WIDTH);
    else if (ch === "\u3000") column += 2;
    else break;
  }
  return column;
}

/** A name with its prefix read as the editor reads a typed one (`DEF:…` a type, `标签：…` a label). */
export function itemOfName(text: string): OutlineItem {
  const parsed = parseNamePrefix(text);
  if (!parsed) return { name: text, type: "NOTE", content: {}, children: [] };
  const effect = prefixEffect(parsed.prefix);
  return "type" in effect
    ? { name: parsed.rest, type: effect.type, content: {}, children: [] }
    : { name: parsed.rest, type: "NOTE", content: { custom_prefix: effect.customPrefix }, children: [] };
}

/**
 * The rows of pasted text: blank lines are skipped, a line indented deeper than the one before becomes
 * its child, one indented as far as an earlier line becomes that line's sibling. Bullets and numbers go.
 */
export function parseOutlineText(text: string): OutlineItem[] {
  const roots: OutlineItem[] = [];
  const stack: { indent: number; item: OutlineItem }[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === "") continue;
    const indent = indentOf(line);
    const name = line.trim().replace(BULLET, "").trim();
    const item = itemOfName(name);
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.item.children : roots).push(item);
    stack.push({ indent, item });
  }
  return roots;
}

/** How many rows an outline makes. */
export function countItems(items: readonly OutlineItem[]): number {
  return items.reduce((sum, item) => sum + 1 + countItems(item.children), 0);
}

/** Two spaces per level, the type's code as a prefix (pasting it back makes the same types). */
export function outlineItemsAsText(
  items: readonly OutlineItem[],
  labelOf: (item: OutlineItem) => string | null,
) {
  const lines: string[] = [];
  const walk = (list: readonly OutlineItem[], depth: number) => {
    for (const item of list) {
      const label = labelOf(item);
      lines.push(`${"  ".repeat(depth)}${label ? `${label}:` : ""}${item.name}`);
      walk(item.children, depth + 1);
    }
  };
  walk(items, 0);
  return lines.join("\n");
}

const MARK = "data-zhishu-outline";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The app's own clipboard format: a nested list other editors paste as a list, carrying the rows with
 * their types and fields in an attribute that only this app reads back.
 */
export function outlineItemsAsHtml(items: readonly OutlineItem[]): string {
  const list = (level: readonly OutlineItem[]): string =>
    level.length === 0
      ? ""
      : `<ul>${level.map((item) => `<li>${escapeHtml(item.name)}${list(item.children)}</li>`).join("")}</ul>`;
  return `<div ${MARK}="${escapeHtml(encodeURIComponent(JSON.stringify(items)))}">${list(items)}</div>`;
}

/** The rows the app's own copy put in a clipboard's HTML, or null when it holds none (or a broken one). */
export function outlineItemsFromHtml(html: string): OutlineItem[] | null {
  const found = new RegExp(`${MARK}="([^"]*)"`).exec(html);
  if (!found) return null;
  try {
    const decoded = found[1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    const items = JSON.parse(decodeURIComponent(decoded)) as unknown;
    return Array.isArray(items) && items.every(isItem) ? items : null;
  } catch {
    return null;
  }
}

function isItem(value: unknown): value is OutlineItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.name === "string" &&
    typeof item.type === "string" &&
    typeof item.content === "object" &&
    item.content !== null &&
    Array.isArray(item.children) &&
    item.children.every(isItem)
  );
}
