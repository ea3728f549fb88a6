import { create } from "zustand";
import type { RowRef } from "./drag-store";

/**
 * Tree status and ticks (workspace-spec 4 "Tree display": normal and selecting toggle, leaving resets
 * the selection), per tree on screen (its view scope), and the rows cut with Ctrl+X, waiting for a paste.
 */

export interface SelectionState {
  /** Trees in selecting status, by view scope. */
  selecting: Record<string, true>;
  /** Ticked rows per view scope, by row key. */
  ticked: Record<string, Record<string, RowRef>>;
  /** The rows cut with Ctrl+X (any tree), moved by the next Ctrl+V. */
  cut: RowRef[];
}

export const useSelection = create<SelectionState>(() => ({ selecting: {}, ticked: {}, cut: [] }));

const set = useSelection.setState;

/** Turns selecting on or off for one tree; leaving it forgets its ticks. */
export function setSelecting(scope: string, on: boolean): void {
  set((s) => {
    const selecting = { ...s.selecting };
    const ticked = { ...s.ticked };
    if (on) selecting[scope] = true;
    else {
      delete selecting[scope];
      delete ticked[scope];
    }
    return { selecting, ticked };
  });
}

/** Ticks or unticks one row (ticking turns selecting on). */
export function setTicked(scope: string, row: RowRef, on: boolean): void {
  set((s) => {
    const mine = { ...s.ticked[scope] };
    if (on) mine[row.key] = row;
    else delete mine[row.key];
    return { ticked: { ...s.ticked, [scope]: mine }, selecting: { ...s.selecting, [scope]: true } };
  });
}

/** Ticks several rows at once (the selection box). */
export function tickAll(scope: string, rows: RowRef[]): void {
  if (rows.length === 0) return;
  set((s) => {
    const mine = { ...s.ticked[scope] };
    for (const row of rows) mine[row.key] = row;
    return { ticked: { ...s.ticked, [scope]: mine }, selecting: { ...s.selecting, [scope]: true } };
  });
}

/** The ticked rows of a tree, in no particular order. */
export function tickedRows(scope: string): RowRef[] {
  return Object.values(useSelection.getState().ticked[scope] ?? {});
}

/** Unticks every row of a tree (after the ticked rows were deleted or pasted), staying in selecting. */
export function clearTicks(scope: string): void {
  set((s) => ({ ticked: { ...s.ticked, [scope]: {} } }));
}

/** Remembers rows for the next paste (an empty list forgets the cut). */
export function setCut(rows: RowRef[]): void {
  set({ cut: rows });
}

/** Empties the selection state (tests). */
export function resetSelection(): void {
  set({ selecting: {}, ticked: {}, cut: [] });
}
