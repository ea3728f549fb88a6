import { useEffect } from "react";
import { type RowRef, refOf } from "./drag-store";
import { type NodeRow, neighbourRow } from "./flatten";
import { rangeBetween, topLevelRows } from "./row-range";
import { useSelection } from "./selection-store";
import { requestFocus, useOutline } from "./store";
import type { TreeView } from "./tree-view";

/**
 * Rows selected by keyboard (issue 19 item 3): Shift+↑/↓ and Shift+click tick a range of rows from an
 * anchor, as the ticks of selecting status do (selection-store.ts), so Delete, Ctrl+X and the block keys
 * work on either. Without selecting status no tick boxes show: the rows are highlighted instead.
 */
const anchors = new Map<string, string>();

const tickedOf = (scope: string) => useSelection.getState().ticked[scope] ?? {};

/** Ticks the rows from `anchorKey` to `toKey` (only them) and selects `toKey`. */
export function selectRange(view: TreeView, anchorKey: string, toKey: string): void {
  anchors.set(view.scope, anchorKey);
  const rows = rangeBetween(view.rows, anchorKey, toKey);
  const ticked: Record<string, RowRef> = {};
  for (const row of rows) ticked[row.key] = refOf(row);
  useSelection.setState((s) => ({ ticked: { ...s.ticked, [view.scope]: ticked } }));
  requestFocus(toKey, "end", false);
}

/** The focused row alone becomes the selection (a key acting on the selection when nothing is ticked). */
export function selectOnly(view: TreeView, row: NodeRow): void {
  anchors.set(view.scope, row.key);
  useSelection.setState((s) => ({ ticked: { ...s.ticked, [view.scope]: { [row.key]: refOf(row) } } }));
}

/** Shift+↑/↓: the range grows or shrinks by a row; it starts at `row` when nothing is ticked yet. */
export function extendSelection(view: TreeView, row: NodeRow, direction: -1 | 1): void {
  const next = neighbourRow(view.rows, row.key, direction);
  if (!next) return;
  const anchor = anchors.get(view.scope);
  selectRange(view, anchor && tickedOf(view.scope)[anchor] ? anchor : row.key, next.key);
}

/** Shift+click: the range from the selected (or edited) row to the clicked one. */
export function selectTo(view: TreeView, key: string): boolean {
  const anchor = anchors.get(view.scope);
  const from = anchor && tickedOf(view.scope)[anchor] ? anchor : useOutline.getState().active?.key;
  if (!from || !view.rows.some((r) => r.key === from)) return false;
  selectRange(view, from, key);
  return true;
}

/** True when rows were ticked by keyboard or by hand. */
export function hasTicks(view: TreeView): boolean {
  return Object.keys(tickedOf(view.scope)).length > 0;
}

/** Forgets a keyboard selection; the ticks of selecting status stay until it is left. */
export function clearRowSelection(view: TreeView): void {
  anchors.delete(view.scope);
  if (useSelection.getState().selecting[view.scope] || !hasTicks(view)) return;
  useSelection.setState((s) => ({ ticked: { ...s.ticked, [view.scope]: {} } }));
}

/** The rows a key acts on: the ticked ones not inside another ticked one, else the focused row. */
export function selectedRows(view: TreeView, row: NodeRow): NodeRow[] {
  const keys = new Set(Object.keys(tickedOf(view.scope)));
  if (keys.size === 0) return [row];
  const rows = topLevelRows(view.rows, keys);
  return rows.length > 0 ? rows : [row];
}

/** Ticks the rows with these keys once the tree shows them (after a block edit moved them). */
export function reselect(view: TreeView, keys: string[]): void {
  if (keys.length < 2) return;
  setTimeout(() => {
    const wanted = new Set(keys);
    const ticked: Record<string, RowRef> = {};
    for (const row of view.rows) if (wanted.has(row.key) && row.kind === "node") ticked[row.key] = refOf(row);
    anchors.set(view.scope, keys[0]!);
    useSelection.setState((s) => ({ ticked: { ...s.ticked, [view.scope]: ticked } }));
  }, 0);
}

/** Editing a name (a click, Enter, an undo taking the caret there) ends a keyboard selection. */
export function useRowSelectionEnd(view: TreeView): void {
  const editing = useOutline((s) => s.active?.editing === true);
  useEffect(() => {
    if (editing) clearRowSelection(view);
  }, [editing, view]);
}
