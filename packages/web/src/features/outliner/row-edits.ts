import { messageOf } from "../../api/messages";
import { listKey } from "../../entities/dnode/list-key";
import { insertAt } from "../../entities/dnode/list-ops";
import { clearedNameOutcome, emptyRowBackspace } from "../../entities/dnode/name-prefix";
import { editList, getList, upsertNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import type { Bin } from "./bin-ops";
import { NESTED_RELATION, nextTempId, type OutlineCore } from "./core";
import { type NodeRow, neighbourRow } from "./flatten";
import type { Caret, Moves } from "./moves";
import type { NameEdits } from "./names";
import { setTicked } from "./selection-store";
import { clearDescendantViews, requestFocus, setActive, setViewStatus, useOutline } from "./store";
import { planEnter } from "./tree-moves";
import type { TreeView } from "./tree-view";
import { rowViewId } from "./view-id";

const t = zh.outliner;

/**
 * Rows made and removed by keyboard (Enter, Backspace, clearing a name), focus and opening: the row
 * creations go through the name edits, the deletes through the bin. Each edit shows at once, goes to
 * the server in typing order, and is undone with the spec's message if refused.
 */
export class RowEdits {
  constructor(
    readonly core: OutlineCore,
    private readonly names: NameEdits,
    private readonly moves: Moves,
    private readonly bin: Bin,
  ) {}

  /** Shows a new empty (or split-off) row at once and creates it on the server behind it. */
  insertNode(
    view: TreeView,
    parentIdIn: number,
    relation: string,
    index: number,
    nextId: number | null,
    name: string,
  ): string {
    this.names.endTypingRun();
    const parentId = this.core.current(parentIdIn);
    const parent = this.core.node(parentId);
    const temp = nextTempId();
    upsertNodes([
      {
        id: temp,
        name,
        type: "NOTE",
        content: {},
        parent_id: parentId,
        main_relation: relation,
        owner_id: parent?.owner_id ?? 0,
        relations: {},
        permissions: parent?.permissions,
      },
    ]);
    editList(listKey(parentId, relation), (l) => ({ ids: insertAt(l.ids, index, temp), total: l.total + 1 }));
    this.names
      .sendCreation(temp, parentId, relation, nextId, { type: "NOTE", name })
      .catch((error) =>
        this.core.deps.notify(t.failedBecause(t.createFailed, messageOf(error, zh.errors.request))),
      );
    this.bin.recordCreation(view, temp, parentId, relation);
    const key = this.core.rowKey(view, parentId, relation, temp);
    // A row made in 已选 joins the selection: otherwise it would leave the view once typed in.
    if (view.viewId && useOutline.getState().views[view.viewId]?.viewType === "SELECTEDNODE")
      setTicked(
        view.scope,
        { key, id: temp, parentId, relation, viewId: rowViewId(parentId, relation, temp) },
        true,
      );
    return key;
  }

  /** Enter: a new sibling after the row (splitting the name at the caret), above it, or a first child. */
  enter(view: TreeView, row: NodeRow, text: string, selectionStart: number, selectionEnd: number): void {
    this.moves.flushReorders();
    const parentId = this.core.current(row.parentId);
    const id = this.core.current(row.id);
    const list = getList(parentId, row.relation);
    const index = list?.ids.indexOf(id) ?? -1;
    if (!list || index < 0) return;
    const children = getList(id, NESTED_RELATION);
    const plan = planEnter({
      text,
      selectionStart,
      selectionEnd,
      openWithChildren: row.expanded && (children?.ids.length ?? 0) > 0,
    });
    if (plan.kind === "firstChild") {
      if (!this.core.canWrite(id)) {
        this.core.refuse();
        return;
      }
      requestFocus(this.insertNode(view, id, NESTED_RELATION, 0, children?.ids[0] ?? null, ""), "start");
      return;
    }
    if (!this.core.canWrite(parentId)) {
      this.core.refuse();
      return;
    }
    if (plan.kind === "before") {
      this.insertNode(view, parentId, row.relation, index, id, "");
      requestFocus(row.key, "start");
      return;
    }
    this.names.endTypingRun();
    const before = this.names.nameState(id);
    if (plan.keep !== text) this.names.edit(id, { name: plan.keep });
    const renamed = before && this.names.recordNameChange(id, row.key, before);
    const key = this.insertNode(
      view,
      parentId,
      row.relation,
      index + 1,
      list.ids[index + 1] ?? null,
      plan.carry,
    );
    // Splitting a name is one step: undo takes the new row away and joins the text again.
    if (renamed) this.core.history.recordJoined(renamed);
    requestFocus(key, "start");
  }

  /** "新建子节点": an empty row at the end of a list. */
  appendChild(view: TreeView, parentId: number, relation: string): void {
    this.moves.flushReorders();
    if (!this.core.canWrite(parentId)) {
      this.core.refuse();
      return;
    }
    const list = getList(parentId, relation);
    requestFocus(this.insertNode(view, parentId, relation, list?.ids.length ?? 0, null, ""), "start");
  }

  /** Backspace on an empty row: drops its label, else deletes it and goes to the row above. */
  backspace(view: TreeView, row: NodeRow): void {
    const outcome = emptyRowBackspace({
      labelled: this.core.isLabelled(row.id),
      hasChildren: this.core.hasChildren(row.id),
    });
    if (outcome === "revertToNote") this.names.revertToNote(this.core.current(row.id));
    else if (outcome === "delete") this.deleteRow(view, row, true);
  }

  /** The name editor lost focus: a name cleared by the user deletes the row or drops its label. */
  commitName(view: TreeView, row: NodeRow): void {
    const before = this.names.takeNameAtFocus(row);
    const id = this.core.current(row.id);
    const node = this.core.node(id);
    if (
      !node ||
      this.bin.deleted.has(id) ||
      !getList(this.core.current(row.parentId), row.relation)?.ids.includes(id)
    )
      return;
    const outcome = clearedNameOutcome({
      nameAtFocus: before,
      name: node.name,
      labelled: this.core.isLabelled(id),
      hasChildren: this.core.hasChildren(id),
    });
    if (outcome === "revertToNote") this.names.revertToNote(id);
    else if (outcome === "delete") this.deleteRow(view, row, false);
  }

  /** Deletes a row (with its subtree on the server) from every list showing it; 撤销 and Ctrl+Z bring it back. */
  deleteRow(view: TreeView, row: NodeRow, moveFocus: boolean): void {
    this.moves.flushReorders();
    const id = this.core.current(row.id);
    if (!this.core.canWrite(id)) {
      this.core.refuse();
      return;
    }
    const above = neighbourRow(view.rows, row.key, -1) ?? neighbourRow(view.rows, row.key, 1);
    const taken = this.bin.takeOutEverywhere([id]);
    setViewStatus(row.viewId, { expanded: false });
    if (moveFocus && above) requestFocus(above.key, "end");
    // A row whose creation failed is gone for good; anything else the server refuses comes back.
    const batch = this.bin.sendDelete([id], taken, () => !this.core.failedTemps.has(row.id));
    this.bin.recordDeletion(view, [id], taken, batch);
  }

  /** Arrow keys: the caret goes to the row above or below, at the same offset where it fits. */
  focusSibling(view: TreeView, row: NodeRow, direction: -1 | 1, caret: Caret, edit = true): void {
    const next = neighbourRow(view.rows, row.key, direction);
    if (next) requestFocus(next.key, caret, edit);
  }

  /** Opens or closes a row; returns false when there was nothing to do. */
  toggle(row: NodeRow, open = !row.expanded): boolean {
    if (open === row.expanded) return false;
    const id = this.core.current(row.id);
    if (open) {
      if (this.core.childCount(id) === 0) return false;
      setViewStatus(row.viewId, { expanded: true });
      this.core.ensureLoaded(id, NESTED_RELATION);
    } else {
      clearDescendantViews(id, NESTED_RELATION);
      setViewStatus(row.viewId, { expanded: false });
    }
    return true;
  }

  /** Opens the row's node as the page (its bullet, Alt+Right). */
  async open(row: NodeRow): Promise<void> {
    try {
      this.core.deps.navigate(`/data/${await this.core.realId(row.id)}`);
    } catch {
      // The row was never saved; there is nothing to open.
    }
  }

  /** Alt+Left: the page of the shown node's parent. */
  zoomOut(view: TreeView): void {
    const parent = this.core.node(view.rootId)?.parent_id;
    if (parent) this.core.deps.navigate(`/data/${parent}`);
  }

  /** Escape: stop editing, keep the row selected, so Tab leaves the tree as usual. */
  leaveEditing(row: NodeRow): void {
    setActive(row.key, false);
    requestFocus(row.key, "end", false);
  }
}
