import type { ChildList } from "../../entities/dnode/types";
import { type FlatRow, isNodeRow, type NodeRow, parentRow } from "./flatten";

/**
 * Pure plans for the structural keys (Enter, Tab, Shift+Tab, Alt+Up/Down): given the visible rows and
 * the lists, where the row goes. The controller applies a plan to the store and sends it to the server.
 */

export type ReorderPlan =
  | { ok: true; from: number; to: number }
  | { ok: false; reason: "top" | "bottom" | "otherParent" | "loadMore" };

/**
 * Alt+Up/Down (workspace-spec 5): swaps the row with its neighbour in the same list. At the ends of its
 * list it says why not: when the nearest visible row at the same level lies under another parent or
 * relation, it cannot go there; when there is none, it is at the top/bottom. At the end of a list whose
 * rest is not loaded yet it asks to load more first.
 */
export function planReorder(
  rows: readonly FlatRow[],
  row: NodeRow,
  list: Pick<ChildList, "ids" | "total">,
  direction: -1 | 1,
): ReorderPlan {
  const from = list.ids.indexOf(row.id);
  const to = from + direction;
  // The last loaded place of a partly loaded list has unknown rows after it: load them first.
  const partial = list.ids.length < list.total;
  if (direction === 1 && from >= 0 && partial && to >= list.ids.length - 1)
    return { ok: false, reason: "loadMore" };
  if (from >= 0 && to >= 0 && to < list.ids.length) return { ok: true, from, to };
  const at = rows.findIndex((r) => r.key === row.key);
  for (let i = at + direction; i >= 0 && i < rows.length; i += direction) {
    const other = rows[i];
    if (isNodeRow(other) && other.depth === row.depth) return { ok: false, reason: "otherParent" };
  }
  return { ok: false, reason: direction === -1 ? "top" : "bottom" };
}

/** Tab: the row becomes the last child of its previous sibling; null for a first row. */
export function planIndent(row: NodeRow, list: Pick<ChildList, "ids">): { newParentId: number } | null {
  const at = list.ids.indexOf(row.id);
  if (at <= 0) return null;
  return { newParentId: list.ids[at - 1] };
}

export interface OutdentPlan {
  /** The row's parent, which it leaves. */
  parent: NodeRow;
  /** Where it goes: right after its parent, in the parent's own list. */
  newParentId: number;
  relation: string;
  index: number;
  beforeId: number | null;
}

/** Shift+Tab: the row goes right after its parent; null for the page's own children (nowhere above). */
export function planOutdent(
  rows: readonly FlatRow[],
  row: NodeRow,
  parentList: Pick<ChildList, "ids"> | undefined,
): OutdentPlan | null {
  const parent = parentRow(rows, row.key);
  if (!parent || !parentList) return null;
  const at = parentList.ids.indexOf(parent.id);
  if (at < 0) return null;
  return {
    parent,
    newParentId: parent.parentId,
    relation: parent.relation,
    index: at + 1,
    beforeId: parentList.ids[at + 1] ?? null,
  };
}

export type EnterPlan =
  /** A new sibling after the row, taking the text after the caret. */
  | { kind: "after"; keep: string; carry: string }
  /** Caret at the start of a named row: an empty sibling above, the caret stays. */
  | { kind: "before" }
  /** An open row with children: the new row becomes its first child. */
  | { kind: "firstChild"; keep: string; carry: string };

/** Enter never inserts a newline: it splits or opens a row like Workflowy and Logseq. */
export function planEnter(input: {
  text: string;
  selectionStart: number;
  selectionEnd: number;
  openWithChildren: boolean;
}): EnterPlan {
  const { text, selectionStart, selectionEnd } = input;
  if (selectionStart === 0 && selectionEnd === 0 && text !== "") return { kind: "before" };
  const keep = text.slice(0, selectionStart);
  const carry = text.slice(selectionEnd);
  if (input.openWithChildren && carry === "") return { kind: "firstChild", keep, carry };
  return { kind: "after", keep, carry };
}
