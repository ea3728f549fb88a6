import { messageOf } from "../../api/messages";
import { listKey } from "../../entities/dnode/list-key";
import {
  insertAt,
  moveWithin,
  type Placement,
  placeBack,
  placementOf,
  restoreOrder,
  withoutId,
} from "../../entities/dnode/list-ops";
import { editList, getList, setList } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import { NESTED_RELATION, type OutlineCore, REORDER_DEBOUNCE_MS } from "./core";
import { type NodeRow, parentRow } from "./flatten";
import { followMainPlace } from "./main-place";
import type { NameEdits } from "./names";
import { KeyedDebounce } from "./queues";
import { isExpanded, requestFocus, setViewStatus, useOutline } from "./store";
import { planIndent, planOutdent, planReorder } from "./tree-moves";
import type { TreeView } from "./tree-view";
import { rowViewId } from "./view-id";
import { journalAdd, journalDone } from "./write-journal";

const t = zh.outliner;

export type Caret = number | "start" | "end";

interface Move {
  id: number;
  from: { parentId: number; relation: string };
  to: { parentId: number; relation: string };
  before: number | null;
}

interface ReorderBatch {
  parentId: number;
  relation: string;
  moved: number[];
  /** The order before the first key of the batch: what a refused move restores. */
  snapshot: number[];
}

/** Where a row was taken out of, to put it back when the server refuses. */
export interface Removal {
  parentId: number;
  relation: string;
  placement: Placement;
}

/** A row taken out of one list (a node shown in several lists is taken out of each). */
export interface Taken {
  id: number;
  removal: Removal;
}

/**
 * Moves by keyboard (Tab, Shift+Tab, Alt+Up/Down): shown at once, sent to the server as POST
 * /api/dnode/move in typing order, undone with 移动节点失败 and the server's reason when refused.
 */
export class Moves {
  constructor(
    readonly core: OutlineCore,
    /** Only to close the typing run before a move goes on the undo stack. */
    private readonly names: Pick<NameEdits, "endTypingRun">,
  ) {}

  private readonly reorders = new KeyedDebounce<string, ReorderBatch>(
    REORDER_DEBOUNCE_MS,
    (older, newer) => ({ ...older, moved: [...new Set([...older.moved, ...newer.moved])] }),
    (_key, batch) => this.sendReorder(batch),
  );

  /** Keyboard reorders still waiting for their 500 ms go out before any other edit, in typing order. */
  flushReorders(): void {
    this.reorders.flushAll();
  }

  /** True while a keyboard reorder of the list waits for its 500 ms (a live re-read of it waits too). */
  hasWaitingReorder(listKey: string): boolean {
    return this.reorders.has(listKey);
  }

  /** Tab: the row becomes the last child of its previous sibling, which opens. */
  indent(view: TreeView, row: NodeRow, caret: Caret): void {
    this.flushReorders();
    const id = this.core.current(row.id);
    const parentId = this.core.current(row.parentId);
    const list = getList(parentId, row.relation);
    const plan = list && planIndent({ ...row, id }, list);
    if (!list || !plan) return;
    const target = plan.newParentId;
    if (![id, parentId, target].every((x) => this.core.canWrite(x))) {
      this.core.refuse();
      return;
    }
    const placement = placementOf(listKey(parentId, row.relation), list.ids, id)!;
    editList(listKey(parentId, row.relation), (l) => ({ ids: withoutId(l.ids, id), total: l.total - 1 }));
    this.appendInto(target, id);
    setViewStatus(rowViewId(parentId, row.relation, target), { expanded: true });
    this.moveViewStatus(row.viewId, rowViewId(target, NESTED_RELATION, id));
    const newKey = this.core.rowKey(view, target, NESTED_RELATION, id);
    requestFocus(newKey, caret);
    this.recordMove(view, id, { parentId, relation: row.relation, placement }, target, NESTED_RELATION);
    this.sendMove(
      {
        id,
        from: { parentId, relation: row.relation },
        to: { parentId: target, relation: NESTED_RELATION },
        before: null,
      },
      () => {
        this.takeOut(target, NESTED_RELATION, id);
        this.putBack({ parentId, relation: row.relation, placement }, id);
        this.refocus(newKey, row.key);
      },
    );
  }

  /** Shift+Tab: the row goes right after its parent (its later siblings stay where they are). */
  outdent(view: TreeView, row: NodeRow, caret: Caret): void {
    this.flushReorders();
    const parent = parentRow(view.rows, row.key);
    const grandId = parent && this.core.current(parent.parentId);
    const parentList = parent ? getList(grandId!, parent.relation) : undefined;
    const plan = planOutdent(view.rows, row, parentList);
    const id = this.core.current(row.id);
    const parentId = this.core.current(row.parentId);
    const list = getList(parentId, row.relation);
    if (!plan || !list || grandId === null) return;
    if (![id, parentId, grandId].every((x) => this.core.canWrite(x))) {
      this.core.refuse();
      return;
    }
    const placement = placementOf(listKey(parentId, row.relation), list.ids, id);
    if (!placement) return;
    editList(listKey(parentId, row.relation), (l) => ({ ids: withoutId(l.ids, id), total: l.total - 1 }));
    editList(listKey(grandId, plan.relation), (l) => ({
      ids: insertAt(l.ids, plan.index, id),
      total: l.total + 1,
    }));
    this.moveViewStatus(row.viewId, rowViewId(grandId, plan.relation, id));
    const newKey = this.core.rowKey(view, grandId, plan.relation, id);
    requestFocus(newKey, caret);
    this.recordMove(view, id, { parentId, relation: row.relation, placement }, grandId, plan.relation);
    this.sendMove(
      {
        id,
        from: { parentId, relation: row.relation },
        to: { parentId: grandId, relation: plan.relation },
        before: plan.beforeId,
      },
      () => {
        this.takeOut(grandId, plan.relation, id);
        this.putBack({ parentId, relation: row.relation, placement }, id);
        this.refocus(newKey, row.key);
      },
    );
  }

  /** Alt+Up/Down: swaps with a sibling now; one move goes out 500 ms after the last key. */
  reorder(view: TreeView, row: NodeRow, direction: -1 | 1, caret: Caret): void {
    const id = this.core.current(row.id);
    const parentId = this.core.current(row.parentId);
    const list = getList(parentId, row.relation);
    if (!list) return;
    const plan = planReorder(view.rows, { ...row, id }, list, direction);
    if (!plan.ok) {
      if (plan.reason === "loadMore") void this.core.loadMore(parentId, row.relation);
      else this.core.deps.warn({ top: t.atTop, bottom: t.atBottom, otherParent: t.otherParent }[plan.reason]);
      return;
    }
    if (!this.core.canWrite(parentId) || !this.core.canWrite(id)) {
      this.core.refuse();
      return;
    }
    const key = listKey(parentId, row.relation);
    const placement = placementOf(key, list.ids, id);
    editList(key, (l) => ({ ids: moveWithin(l.ids, plan.from, plan.to), total: l.total }));
    if (placement)
      this.recordMove(view, id, { parentId, relation: row.relation, placement }, parentId, row.relation);
    this.reorders.push(key, { parentId, relation: row.relation, moved: [id], snapshot: list.ids });
    requestFocus(row.key, caret);
  }

  private sendReorder(batch: ReorderBatch): void {
    const parentId = this.core.current(batch.parentId);
    const list = getList(parentId, batch.relation);
    if (!list) return;
    // Last row first: each then lands before a neighbour already in its final place.
    const moved = batch.moved
      .map((id) => this.core.current(id))
      .filter((id) => list.ids.includes(id))
      .sort((a, b) => list.ids.indexOf(b) - list.ids.indexOf(a));
    let undone = false;
    for (const id of moved) {
      const before = list.ids[list.ids.indexOf(id) + 1] ?? null;
      const to = { parentId, relation: batch.relation };
      this.sendMove({ id, from: to, to, before }, () => {
        if (undone) return;
        undone = true;
        editList(listKey(this.core.current(parentId), batch.relation), (l) => ({
          ids: restoreOrder(
            l.ids,
            batch.snapshot.map((x) => this.core.current(x)),
          ),
          total: l.total,
        }));
      });
    }
  }

  // ---- helpers

  /** Puts a row last in a list, loading the list's first page when it was not loaded yet. */
  appendInto(parentId: number, id: number): void {
    const key = listKey(parentId, NESTED_RELATION);
    const list = getList(parentId, NESTED_RELATION);
    if (list) {
      editList(key, (l) => ({ ids: [...withoutId(l.ids, id), id], total: l.total + 1 }));
      return;
    }
    const size = this.core.node(parentId)?.relations?.[NESTED_RELATION]?.size ?? 0;
    setList(key, { ids: [id], total: size + 1, status: size === 0 ? "ready" : "loading", rev: 1 });
    if (size > 0) this.core.loads.request(parentId);
  }

  takeOut(parentId: number, relation: string, id: number): void {
    editList(listKey(this.core.current(parentId), relation), (l) => ({
      ids: withoutId(l.ids, this.core.current(id)),
      total: l.total - 1,
    }));
  }

  putBack(removal: Removal, id: number): void {
    const { placement } = removal;
    const current = (x: number | null) => (x === null ? null : this.core.current(x));
    editList(listKey(this.core.current(removal.parentId), removal.relation), (l) => ({
      ids: placeBack(l.ids, this.core.current(id), {
        ...placement,
        prev: current(placement.prev),
        next: current(placement.next),
      }),
      total: l.total + 1,
    }));
  }

  /** Where a row is now, as a place to put it back later; null when its list is not on screen. */
  placeOf(parentId: number, relation: string, id: number): Removal | null {
    const parent = this.core.current(parentId);
    const list = getList(parent, relation);
    const placement = list && placementOf(listKey(parent, relation), list.ids, this.core.current(id));
    return placement ? { parentId: parent, relation, placement } : null;
  }

  /** Puts a move on the undo stack: undo takes the row back to `from`, redo to where it is now. */
  recordMove(view: TreeView | null, id: number, from: Removal, toParent: number, toRelation: string) {
    this.names.endTypingRun();
    const to = this.placeOf(toParent, toRelation, id);
    if (!to) return;
    this.core.history.record({
      undo: () => this.relocate(view, id, to, from),
      redo: () => this.relocate(view, id, from, to),
    });
  }

  /** An undone or redone move: shown at once, sent behind, put back if the server refuses. */
  private relocate(view: TreeView | null, id: number, at: Removal, dest: Removal): void {
    this.flushReorders();
    this.takeOut(at.parentId, at.relation, id);
    this.putBack(dest, id);
    const list = getList(this.core.current(dest.parentId), dest.relation);
    const index = list?.ids.indexOf(this.core.current(id)) ?? -1;
    const before = index >= 0 ? (list?.ids[index + 1] ?? null) : null;
    if (view)
      requestFocus(this.core.rowKey(view, this.core.current(dest.parentId), dest.relation, id), "end");
    this.sendMove(
      {
        id,
        from: { parentId: at.parentId, relation: at.relation },
        to: { parentId: dest.parentId, relation: dest.relation },
        before,
      },
      () => {
        this.takeOut(dest.parentId, dest.relation, id);
        this.putBack(at, id);
      },
    );
  }

  /** After an undo, the caret follows the row back, if the user is still on it. */
  private refocus(fromKey: string, toKey: string): void {
    if (useOutline.getState().active?.key === fromKey) requestFocus(toKey, "end");
  }

  moveViewStatus(from: string, to: string): void {
    if (!isExpanded(useOutline.getState().views, from)) return;
    setViewStatus(from, { expanded: false });
    setViewStatus(to, { expanded: true });
  }

  sendMove(move: Move, undo: () => void): void {
    const id = this.core.current(move.id);
    const from = { parentId: this.core.current(move.from.parentId), relation: move.from.relation };
    const to = { parentId: this.core.current(move.to.parentId), relation: move.to.relation };
    followMainPlace(id, from, to);
    const seq = journalAdd({
      kind: "move",
      id: this.core.current(move.id),
      from: this.core.current(move.from.parentId),
      fromRelation: move.from.relation,
      to: this.core.current(move.to.parentId),
      toRelation: move.to.relation,
      before: move.before === null ? null : this.core.current(move.before),
      way: "move",
    });
    this.core.structural
      .run(async () =>
        this.core.deps.api.move({
          moved_nodes_ids: [await this.core.realId(move.id)],
          target_node_id: await this.core.realId(move.to.parentId),
          old_location_id: await this.core.realId(move.from.parentId),
          old_relationName: move.from.relation,
          new_relationName: move.to.relation,
          before_node_id: move.before === null ? null : await this.core.realId(move.before),
          keep_old: false,
          way: "move",
        }),
      )
      .catch((error) => {
        undo();
        followMainPlace(this.core.current(id), to, from);
        this.core.deps.notify(t.failedBecause(t.moveFailed, messageOf(error, zh.errors.request)));
      })
      .finally(() => journalDone(seq));
  }
}
