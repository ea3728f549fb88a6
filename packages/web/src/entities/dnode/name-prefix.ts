import { NODE_TYPE_LABELS, type NodeType } from "@zhishu/shared/types";
import { typeByPrefix } from "./type-prefixes";

/**
 * Name prefixes (workspace-spec 5 "Name editor"): typing `DEF:定义` (or with a full-width colon) turns
 * the prefix into the node's type, or into a custom label when it is not a type. Pure, so the editor,
 * paste handling and tests share one reading.
 */

/** The colon must be among the first 25 characters (workspace-spec 9). */
export const PREFIX_COLON_LIMIT = 25;

// Letters, digits, underscore and Chinese characters (workspace-spec 5).
const PREFIX_CHARS = /^[A-Za-z0-9_\p{Script=Han}]+$/u;
const COLON = /[:：]/;

export interface NamePrefix {
  prefix: string;
  rest: string;
}

/** The prefix before the first colon and the name after it, or null when the text has no valid prefix. */
export function parseNamePrefix(text: string): NamePrefix | null {
  const chars = Array.from(text);
  const colonAt = chars.findIndex((c) => COLON.test(c));
  if (colonAt <= 0 || colonAt >= PREFIX_COLON_LIMIT) return null;
  const prefix = chars.slice(0, colonAt).join("");
  if (!PREFIX_CHARS.test(prefix)) return null;
  // A time such as 10:30 is text, not a label.
  if (/^\d+$/.test(prefix)) return null;
  const rest = chars.slice(colonAt + 1).join("");
  // A URL (https://…) is text, not a label.
  if (rest.startsWith("//")) return null;
  return { prefix, rest: rest.replace(/^[ \u3000]+/, "") };
}

export type PrefixEffect = { type: NodeType; customPrefix?: string } | { customPrefix: string };

/**
 * What a prefix does: a type code (any case) or a Chinese type label sets the type (never USER, which
 * only registration makes); a word of a label with several keeps showing as typed; anything else is a
 * custom label.
 */
export function prefixEffect(prefix: string): PrefixEffect {
  const known = typeByPrefix(prefix);
  if (!known) return { customPrefix: prefix };
  return known.label ? { type: known.type, customPrefix: known.label } : { type: known.type };
}

/** The update a prefix makes besides the name: the type and the label (`hadCustom`: a label to drop). */
export function prefixChange(
  effect: PrefixEffect,
  hadCustom: boolean,
): { type?: NodeType; content?: { custom_prefix: string | null } } {
  if (!("type" in effect)) return { content: { custom_prefix: effect.customPrefix } };
  const label = effect.customPrefix ?? null;
  return { type: effect.type, ...((label !== null || hadCustom) && { content: { custom_prefix: label } }) };
}

/** The text a user just typed or pasted: what `after` holds that `before` did not, by common ends. */
export function insertedText(before: string, after: string): string {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before[start] === after[start]) start++;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return after.slice(start, after.length - end);
}

/**
 * True when an edit should be read for a prefix: only when a colon was just typed or pasted, so a name
 * that already holds a colon (or a label turned back into text) is not converted again on each key.
 */
export function typedColon(before: string, after: string): boolean {
  return COLON.test(insertedText(before, after));
}

/** The label shown before a name: the custom prefix, else the type's Chinese label; none for a plain note. */
export function typeLabelOf(
  type: string,
  content: Record<string, unknown>,
): { text: string; code: string; custom: boolean } | null {
  const custom = content.custom_prefix;
  if (typeof custom === "string" && custom !== "") return { text: custom, code: custom, custom: true };
  if (type === "NOTE") return null;
  return { text: NODE_TYPE_LABELS[type as NodeType] ?? type, code: type, custom: false };
}

export type ClearOutcome = "keep" | "delete" | "revertToNote";

/**
 * What clearing a name does (workspace-spec 5): the node is deleted unless it has a type label, which
 * then goes (a plain note stays). A row that was empty from the start was never cleared, and a node
 * with children is kept so a slip of the keyboard never deletes a subtree.
 */
export function clearedNameOutcome(input: {
  nameAtFocus: string;
  name: string;
  labelled: boolean;
  hasChildren: boolean;
}): ClearOutcome {
  if (input.name !== "" || input.nameAtFocus === "") return "keep";
  return emptyRowBackspace(input);
}

/** Backspace on an empty row: first the label goes, then the row (unless it holds children). */
export function emptyRowBackspace(input: { labelled: boolean; hasChildren: boolean }): ClearOutcome {
  if (input.labelled) return "revertToNote";
  if (input.hasChildren) return "keep";
  return "delete";
}
