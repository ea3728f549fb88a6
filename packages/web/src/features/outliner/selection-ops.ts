import { zh } from "../../i18n/zh-CN";
import type { RowRef } from "./drag-store";
import { OutlineDrops } from "./drops";
import { clearTicks, setCut, tickedRows, useSelection } from "./selection-store";
import type { TreeView } from "./tree-view";

const t = zh.dragDrop;

/**
 * What the ticked rows of a tree can do (workspace-spec 2: "Ctrl+X cuts selected nodes; Delete deletes
 * them"). A cut is only remembered; the paste moves the rows, as the last children of the row pasted on
 * (a paste names a parent, like dropping on a row's lower half). Both show at once and undo if refused.
 */
export class OutlineSelection extends OutlineDrops {
  /** Ctrl+X: remembers the ticked rows for the next paste; returns how many. */
  cutSelected(view: TreeView): number {
    const rows = tickedRows(view.scope);
    setCut(rows);
    return rows.length;
  }

  /**
   * Ctrl+V on a row: every cut row moves under it, last. Rows that cannot go there (into their own
   * subtree, or without the rights) stay where they are, and the warning says so. Returns how many moved.
   */
  pasteOn(view: TreeView, target: RowRef): number {
    const cut = useSelection.getState().cut;
    if (cut.length === 0) {
      this.deps.warn(t.nothingCut);
      return 0;
    }
    let moved = 0;
    for (const source of cut) {
      const drop = { source, target, position: "insideLast" as const };
      if (!this.waysFor(view, drop).includes("move")) continue;
      this.applyDrop(drop, "move");
      moved++;
    }
    if (moved < cut.length) this.deps.warn(t.pasteRefused);
    setCut([]);
    clearTicks(view.scope);
    return moved;
  }

  /**
   * Delete: the ticked rows go with their subtrees, in one POST /api/dnode/delete_batch. Several rows, or
   * one with children, are asked about first (删除 N 个节点？). They leave every list at once; if the
   * server refuses, all come back where they were (it deletes all or nothing); once deleted, the message
   * offers 撤销. Returns how many rows are (or are asked to be) deleted.
   */
  deleteSelected(view: TreeView): number {
    this.flushReorders();
    const ids = [...new Set(tickedRows(view.scope).map((r) => this.current(r.id)))];
    if (ids.length === 0) return 0;
    if (!ids.every((id) => this.canWrite(id))) {
      this.refuse();
      return 0;
    }
    if (ids.length === 1 && !this.hasChildren(ids[0]!)) this.removeRows(view, ids);
    else
      void this.deps
        .confirm(zh.trash.confirmDelete(ids.length), zh.trash.confirmDeleteHint)
        .then((ok) => ok && this.removeRows(view, ids));
    return ids.length;
  }

  private removeRows(view: TreeView, ids: number[]): void {
    const taken = this.takeOutEverywhere(ids);
    clearTicks(view.scope);
    this.recordDeletion(view, ids, taken, this.sendDelete(ids, taken));
  }
}
