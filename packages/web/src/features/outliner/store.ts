import { create } from "zustand";
import { loadedSubtree, renameCachedNode, resetNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import {
  readViewStatuses,
  type ViewStatus,
  type ViewStatuses,
  withoutChildrenOf,
  withRenamedNode,
  withStatus,
  withStatuses,
  writeViewStatuses,
} from "./view-status";

/**
 * The outline's own state: view states by view id, the focus request, the active row and the relation
 * shown for each row. The nodes and child lists they show live in the node cache
 * (`entities/dnode/store.ts`).
 */

export interface FocusRequest {
  /** The row key to focus (see flatten.ts). */
  key: string;
  /** Where the caret goes: an offset, or the start / end of the name. */
  caret: number | "start" | "end";
  /** Edit the name (the textarea) or just select the row (the treeitem). */
  edit: boolean;
  seq: number;
}

export interface OutlineState {
  views: ViewStatuses;
  focus: FocusRequest | null;
  /** The selected row (aria-selected) and whether its name is being edited. */
  active: { key: string; editing: boolean } | null;
  /** The key and info of the relation showing each row, by row view id (relation-meta.ts). */
  relationMeta: Record<string, RelationMeta>;
}

/** What a row shows of the relation that puts it under its parent (workspace-spec 3 "Relation record"). */
export interface RelationMeta {
  key: string | null;
  info: Record<string, unknown>;
}

/** A store with nothing loaded; the view states come back from local storage. */
const emptyState = (): OutlineState => ({
  views: readViewStatuses(),
  focus: null,
  active: null,
  relationMeta: {},
});

export const useOutline = create<OutlineState>(emptyState);

const set = useOutline.setState;
const get = useOutline.getState;

function saveViews(views: ViewStatuses): void {
  set({ views });
  writeViewStatuses(views);
}

/** Changes and persists one view's state. */
export function setViewStatus(viewId: string, patch: ViewStatus): void {
  saveViews(withStatus(get().views, viewId, patch));
}

/** Forgets the view states of every loaded descendant of a row being collapsed (workspace-spec 4). */
export function clearDescendantViews(id: number, childRelation: string): void {
  saveViews(withoutChildrenOf(get().views, loadedSubtree([id], childRelation)));
}

/**
 * Opens or closes many rows with one store update and one storage write (a level change may touch
 * hundreds). Closing clears the closed rows' descendant views, as a single collapse does.
 */
export function setRowsExpanded(
  rows: ReadonlyArray<{ id: number; viewId: string }>,
  expanded: boolean,
  childRelation: string,
): void {
  if (rows.length === 0) return;
  const base = expanded
    ? get().views
    : withoutChildrenOf(
        get().views,
        loadedSubtree(
          rows.map((r) => r.id),
          childRelation,
        ),
      );
  saveViews(
    withStatuses(
      base,
      rows.map((r) => [r.viewId, { expanded }] as const),
    ),
  );
}

/** True when the view's row is open. */
export function isExpanded(views: ViewStatuses, viewId: string): boolean {
  return views[viewId]?.expanded === true;
}

/** A node typed under temporary id `from` was saved as `to`: the cache and the view states follow. */
export function renameNode(from: number, to: number, saved: Dnode): void {
  renameCachedNode(from, to, saved);
  saveViews(withRenamedNode(get().views, from, to));
}

let focusSeq = 0;

/** Asks the row with `key` to take focus once it is rendered (it may be scrolled out of the window). */
export function requestFocus(key: string, caret: FocusRequest["caret"] = "end", edit = true): void {
  set({ focus: { key, caret, edit, seq: ++focusSeq } });
}

/** The row took the focus it was asked to. */
export function focusDone(seq: number): void {
  if (get().focus?.seq === seq) set({ focus: null });
}

export function setActive(key: string, editing: boolean): void {
  const active = get().active;
  if (active?.key !== key || active.editing !== editing) set({ active: { key, editing } });
}

/** Empties the view state and the node cache (tests, logout). */
export function resetOutline(): void {
  set(emptyState());
  resetNodes();
}
