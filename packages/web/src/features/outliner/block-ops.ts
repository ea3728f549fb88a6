import { getList } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import type { OutlineCore } from "./core";
import type { NodeRow } from "./flatten";
import type { Moves } from "./moves";
import { completeRow } from "./process-keys";
import { isSiblingRun } from "./row-range";
import { requestFocus, useOutline } from "./store";
import { planIndent, planReorder } from "./tree-moves";
import type { TreeView } from "./tree-view";

const t = zh.outliner;

/**
 * Keys on selected rows (issue 19 item 4): Tab, Shift+Tab and Alt+↑/↓ move every selected row, as one
 * step on the undo stack, through the same moves as one row (moves.ts). The rows stay selected (not
 * edited) afterwards, so ↓ goes on to the next row. Returns the rows' keys after the move.
 */
export class Blocks {
  constructor(
    readonly core: OutlineCore,
    /** The one-row moves a block repeats. */
    private readonly moves: Pick<Moves, "indent" | "outdent" | "reorder">,
  ) {}

  /** Tab: each row becomes the last child of its previous sibling, in screen order (a run stays together). */
  indentRows(view: TreeView, rows: NodeRow[]): string[] {
    const first = rows[0];
    const list = first && getList(this.core.current(first.parentId), first.relation);
    if (!first || !list || !planIndent({ ...first, id: this.core.current(first.id) }, list)) return [];
    return this.selectFirst(this.eachMoved(rows, (row) => this.moves.indent(view, row, "end")));
  }

  /** Shift+Tab: each row goes after its parent; the last first, so a run keeps its order. */
  outdentRows(view: TreeView, rows: NodeRow[]): string[] {
    return this.selectFirst(
      this.eachMoved([...rows].reverse(), (row) => this.moves.outdent(view, row, "end")).reverse(),
    );
  }

  /** Alt+↑/↓: a run of siblings moves one place as a block. */
  reorderRows(view: TreeView, rows: NodeRow[], direction: -1 | 1): string[] {
    const first = rows[0];
    const list = first && getList(this.core.current(first.parentId), first.relation);
    if (!first || !list) return [];
    if (
      !isSiblingRun(
        rows.map((r) => ({ ...r, id: this.core.current(r.id) })),
        list.ids,
      )
    ) {
      this.core.deps.warn(t.otherParent);
      return [];
    }
    const edge = direction === -1 ? first : rows[rows.length - 1]!;
    const plan = planReorder(view.rows, { ...edge, id: this.core.current(edge.id) }, list, direction);
    if (!plan.ok) {
      // The edge row explains itself (at the top, the bottom, or load the rest first).
      this.moves.reorder(view, edge, direction, "end");
      return [];
    }
    const order = direction === -1 ? rows : [...rows].reverse();
    const keys = this.eachMoved(order, (row) => this.moves.reorder(view, row, direction, "end"));
    return this.selectFirst(direction === -1 ? keys : keys.reverse());
  }

  /** Ctrl+Enter on several rows: all done, or all not done when every one already was. */
  completeRows(rows: NodeRow[]): void {
    const done = (row: NodeRow) => Boolean(this.core.node(row.id)?.finished_at);
    const allDone = rows.every(done);
    for (const row of rows) if (allDone || !done(row)) completeRow(this.core, row.id);
  }

  /**
   * Runs a one-row move for each row as one undo step. Each move asks for its row's focus in the name
   * editor; the request is read for the row's new key and turned into selecting the row instead.
   */
  private eachMoved(rows: NodeRow[], move: (row: NodeRow) => void): string[] {
    const keys: string[] = [];
    this.core.history.group(() => {
      for (const row of rows) {
        const before = useOutline.getState().focus?.seq;
        move(row);
        const focus = useOutline.getState().focus;
        if (focus && focus.seq !== before) keys.push(focus.key);
      }
    });
    return keys;
  }

  /** The first moved row is selected (not edited): the next key acts on the rows again. */
  private selectFirst(keys: string[]): string[] {
    if (keys[0]) requestFocus(keys[0], "end", false);
    return keys;
  }
}
