import { isNodeType, type NodeType } from "@zhishu/shared";

/** The header box reads a prefix whose colon sits within the first 26 characters (people-spec 5). */
export const SEARCH_PREFIX_LIMIT = 26;

// Letters, digits, underscore, Chinese characters and spaces (people-spec 5 "Node searcher").
const PREFIX_CHARS = /^[A-Za-z0-9_ \p{Script=Han}]+$/u;
const COLON = /[:：]/;

/** What the header box's text asks for. */
export type SearchInput =
  | { kind: "smartComplete"; text: string }
  | { kind: "typed"; type: NodeType; text: string }
  | { kind: "tagged"; tag: string; text: string }
  | { kind: "plain"; text: string };

/**
 * Reads the header box: a leading colon asks for smart complete; a prefix before an ASCII or
 * full-width colon selects a node type when it names one (USER never: only registration makes it),
 * else a tag (a custom class if one exists, else a custom prefix); anything else is plain text.
 */
export function readSearchInput(raw: string): SearchInput {
  const value = raw.trim();
  if (COLON.test(value.charAt(0))) return { kind: "smartComplete", text: value.slice(1).trim() };
  const chars = Array.from(value);
  const colonAt = chars.findIndex((c) => COLON.test(c));
  if (colonAt > 0 && colonAt < SEARCH_PREFIX_LIMIT) {
    const prefix = chars.slice(0, colonAt).join("").trim();
    const text = chars
      .slice(colonAt + 1)
      .join("")
      .trim();
    if (prefix && PREFIX_CHARS.test(prefix) && !/^\d+$/.test(prefix) && !text.startsWith("//")) {
      const upper = prefix.toUpperCase();
      if (isNodeType(upper) && upper !== "USER") return { kind: "typed", type: upper, text };
      return { kind: "tagged", tag: prefix, text };
    }
  }
  return { kind: "plain", text: value };
}
