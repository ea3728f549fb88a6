import { create } from "zustand";
import type { DropPosition, MoveWay } from "./drag-ways";
import type { NodeRow } from "./flatten";

/**
 * What is being dragged and where it would land, shared by every tree on screen (a row dragged from the
 * side panel drops into the main one). Rows select only their own indicator, so a dragover re-renders
 * the row under the pointer and the one it left, nothing else.
 */

/** A row as a drag, a tick or a cut remembers it: enough to find its list again. */
export type RowRef = Pick<NodeRow, "key" | "id" | "parentId" | "relation" | "viewId">;

/** What a drag, a tick or a cut remembers of a row. */
export const refOf = (row: RowRef): RowRef => ({
  key: row.key,
  id: row.id,
  parentId: row.parentId,
  relation: row.relation,
  viewId: row.viewId,
});

/** A dropped row: the dragged row, the target row and where on it. */
export interface RowDrop {
  source: RowRef;
  target: RowRef;
  position: DropPosition;
}

export interface DragState {
  source: RowRef | null;
  /** The row under the pointer and the drop it would take (refused: no way fits). */
  over: { key: string; position: DropPosition | "files"; refused: boolean } | null;
  /** A drop waiting for the person to pick a way, at the pointer's place. */
  picking: { drop: RowDrop; ways: MoveWay[]; x: number; y: number; scope: string } | null;
}

export const useDrag = create<DragState>(() => ({ source: null, over: null, picking: null }));

/** A row's drag began. */
export function startDrag(source: RowRef): void {
  useDrag.setState({ source, over: null });
}

/** The drag ended (dropped or abandoned). */
export function endDrag(): void {
  useDrag.setState({ source: null, over: null });
}

/** Shows where the drop would land; unchanged states do not notify the rows. */
export function showOver(over: DragState["over"]): void {
  const now = useDrag.getState().over;
  if (now?.key === over?.key && now?.position === over?.position && now?.refused === over?.refused) return;
  useDrag.setState({ over });
}

/** Asks the person for the way of a drop (several fit and the keys did not settle it). */
export function askWay(picking: DragState["picking"]): void {
  useDrag.setState({ picking });
}
