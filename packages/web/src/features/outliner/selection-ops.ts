import { zh } from "../../i18n/zh-CN";
import type { Bin } from "./bin-ops";
import type { OutlineCore } from "./core";
import type { RowRef } from "./drag-store";
import type { Drops } from "./drops";
import type { Moves } from "./moves";
import { clearTicks, setCut, tickedRows, useSelection } from "./selection-store";
import type { TreeView } from "./tree-view";

const t = zh.dragDrop;

/**
 * What the ticked rows of a tree can do (workspace-spec 2: "Ctrl+X cuts selected nodes; Delete deletes
 * them"). A cut is only remembered; the paste moves the rows, as the last children of the row pasted on
 * (a paste names a parent, like dropping on a row's lower half). Both show at once and undo if refused.
 */
export class SelectionOps {
  constructor(
    readonly core: OutlineCore,
    private readonly moves: Moves,
    private readonly bin: Bin,
    private readonly drops: Drops,
  ) {}

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
      this.core.deps.warn(t.nothingCut);
      return 0;
    }
    let moved = 0;
    for (const source of cut) {
      const drop = { source, target, position: "insideLast" as const };
      if (!this.drops.waysFor(view, drop).includes("move")) continue;
      this.drops.applyDrop(drop, "move");
      moved++;
    }
    if (moved < cut.length) this.core.deps.warn(t.pasteRefused);
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
    this.moves.flushReorders();
    const ids = [...new Set(tickedRows(view.scope).map((r) => this.core.current(r.id)))];
    if (ids.length === 0) return 0;
    if (!ids.every((id) => this.core.canWrite(id))) {
      this.core.refuse();
      return 0;
    }
    if (ids.length === 1 && !this.core.hasChildren(ids[0]!)) this.removeRows(view, ids);
    else
      void this.core.deps
        .confirm(zh.trash.confirmDelete(ids.length), zh.trash.confirmDeleteHint)
        .then((ok) => ok && this.removeRows(view, ids));
    return ids.length;
  }

  private removeRows(view: TreeView, ids: number[]): void {
    const taken = this.bin.takeOutEverywhere(ids);
    clearTicks(view.scope);
    this.bin.recordDeletion(view, ids, taken, this.bin.sendDelete(ids, taken));
  }
}
