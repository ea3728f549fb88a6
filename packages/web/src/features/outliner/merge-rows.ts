import { messageOf } from "../../api/messages";
import { idsOfGroup } from "../../entities/dnode/api";
import { listKey } from "../../entities/dnode/list-key";
import { insertAt } from "../../entities/dnode/list-ops";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import { editList, getList, setList } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import type { Bin } from "./bin-ops";
import { NESTED_RELATION, type OutlineCore } from "./core";
import { type NodeRow, neighbourRow } from "./flatten";
import { chunksOf, mergeRefusal } from "./merge-plan";
import type { Moves, Taken } from "./moves";
import type { NameEdits } from "./names";
import { requestFocus, setViewStatus } from "./store";
import type { TreeView } from "./tree-view";
import type { UndoStep } from "./undo-history";
import { journalAdd, journalDone } from "./write-journal";

/** Two rows being merged: the lower one's text, children and row go into the upper one. */
interface Merge {
  upper: NodeRow;
  lower: NodeRow;
  /** The lower row's children, in order (all of them, loaded first when needed). */
  children: number[];
  /** The upper row is the lower one's parent: the children take the lower row's place in its list. */
  intoParent: boolean;
  /** Where the text joins: the caret's place afterwards. */
  joinAt: number;
}

/** What one merge left behind, to undo it. */
interface Merged {
  taken: Taken[];
  batch: Promise<string | null>;
}

/**
 * Backspace at the start of a row merges it into the row above; Delete at the end merges the next row in
 * (issue 19 items 1 and 2). The text joins at the caret, the merged row's children move under the row
 * above (after its own; in the merged row's place when the row above is its parent), and the merged row
 * goes to the recycle bin. It shows at once; the server gets one move of the children and one delete, in
 * that order, after the rest of the queue. One Ctrl+Z takes it all back.
 */
export class Merges {
  constructor(
    readonly core: OutlineCore,
    private readonly names: NameEdits,
    private readonly moves: Moves,
    private readonly bin: Bin,
  ) {}

  /** Backspace at the start of a non-empty row. */
  mergeUp(view: TreeView, row: NodeRow): void {
    const above = neighbourRow(view.rows, row.key, -1);
    if (above) void this.merge(above, row, "Backspace");
  }

  /** Delete at the end of a row. */
  mergeDown(view: TreeView, row: NodeRow): void {
    const below = neighbourRow(view.rows, row.key, 1);
    if (below) void this.merge(row, below, "Delete");
  }

  private async merge(upper: NodeRow, lower: NodeRow, key: "Backspace" | "Delete") {
    const up = this.core.node(upper.id);
    const low = this.core.node(lower.id);
    if (!up || !low) return;
    const side = (type: string, content: Record<string, unknown>) => ({
      type,
      labelled: typeLabelOf(type, content) !== null,
    });
    const refusal = mergeRefusal(side(up.type, up.content), side(low.type, low.content), key);
    if (refusal) {
      this.core.deps.warn(refusal);
      return;
    }
    const writable = [upper.id, lower.id, lower.parentId].every((id) => this.core.canWrite(id));
    if (!writable) {
      this.core.refuse();
      return;
    }
    this.moves.flushReorders();
    this.names.endTypingRun();
    let children: number[];
    try {
      children = await this.childIdsOf(lower.id);
    } catch (error) {
      this.core.deps.notify(
        zh.outliner.failedBecause(zh.outlineKeys.mergeFailed, messageOf(error, zh.errors.request)),
      );
      return;
    }
    if (!children.every((id) => this.core.canWrite(id))) {
      this.core.refuse();
      return;
    }
    const intoParent = this.core.current(lower.parentId) === this.core.current(upper.id);
    const before = this.names.nameState(upper.id);
    if (!before) return;
    const plan: Merge = { upper, lower, children, intoParent, joinAt: up.name.length };
    const joined = up.name + (this.core.node(lower.id)?.name ?? "");
    let last = this.applyMerge(plan, joined);
    const renamed = this.names.recordNameChange(upper.id, upper.key, before);
    const step: UndoStep = {
      undo: async () => {
        renamed?.undo();
        await this.bin.restoreDeleted(last.batch, last.taken);
        this.childrenBack(plan);
        requestFocus(lower.key, "start");
      },
      redo: () => {
        renamed?.redo();
        last = this.applyMerge(plan, joined);
      },
    };
    this.core.history.record(step);
    void last.batch.then((batchId) => {
      if (batchId) return;
      // Refused: the screen is back as it was (applyMerge), and so is the name.
      this.core.history.forget(step);
      renamed?.undo();
    });
  }

  /** Shows a merge at once and sends it; a refusal puts the rows back where they were. */
  private applyMerge(m: Merge, joined: string): Merged {
    const upperId = this.core.current(m.upper.id);
    const lowerId = this.core.current(m.lower.id);
    const parentId = this.core.current(m.lower.parentId);
    this.names.edit(upperId, { name: joined });
    const siblings = getList(parentId, m.lower.relation)?.ids ?? [];
    const at = siblings.indexOf(lowerId);
    const before = m.intoParent ? (siblings[at + 1] ?? null) : null;
    const children = m.children.map((id) => this.core.current(id));
    const taken = this.bin.takeOutEverywhere([lowerId]);
    if (children.length > 0) {
      setList(listKey(lowerId, NESTED_RELATION), { ids: [], total: 0, status: "ready", rev: 1 });
      if (m.intoParent)
        editList(listKey(upperId, NESTED_RELATION), (l) => {
          const place = before === null ? l.ids.length : l.ids.indexOf(before);
          let ids = l.ids;
          children.forEach((id, i) => {
            ids = insertAt(ids, place + i, id);
          });
          return { ids, total: l.total + children.length };
        });
      else {
        for (const id of children) this.moves.appendInto(upperId, id);
        setViewStatus(m.upper.viewId, { expanded: true });
      }
    }
    requestFocus(m.upper.key, m.joinAt);

    // Written down first: a reload before the answer sends the move and the delete again.
    const seqs = children.map((id) =>
      journalAdd({
        kind: "move",
        id,
        from: lowerId,
        fromRelation: NESTED_RELATION,
        to: upperId,
        toRelation: NESTED_RELATION,
        before,
        way: "move",
      }),
    );
    seqs.push(journalAdd({ kind: "delete", ids: [lowerId], parents: [parentId, upperId] }));
    let movedOnServer = false;
    const batch = this.core.structural
      .run(async () => {
        const lowerReal = await this.core.realId(lowerId);
        if (children.length > 0) {
          const target = await this.core.realId(upperId);
          const beforeReal = before === null ? null : await this.core.realId(before);
          for (const chunk of chunksOf(await Promise.all(children.map((id) => this.core.realId(id))))) {
            await this.core.deps.api.move({
              moved_nodes_ids: chunk,
              target_node_id: target,
              old_location_id: lowerReal,
              old_relationName: NESTED_RELATION,
              new_relationName: NESTED_RELATION,
              before_node_id: beforeReal,
              keep_old: false,
              way: "move",
            });
            movedOnServer = true;
          }
        }
        // The merged row's own name reaches the server before it goes to the bin (undo brings that back).
        await this.names.saveChains.get(lowerId);
        const result = await this.core.deps.api.deleteBatch([lowerReal]);
        return result.trash_batch_id ?? null;
      })
      .catch((error) => {
        for (const { id, removal } of taken) {
          this.bin.deleted.delete(this.core.current(id));
          const list = getList(this.core.current(removal.parentId), removal.relation);
          if (list && !list.ids.includes(this.core.current(id))) this.moves.putBack(removal, id);
        }
        this.childrenBack(m, movedOnServer);
        this.core.deps.notify(
          zh.outliner.failedBecause(zh.outlineKeys.mergeFailed, messageOf(error, zh.errors.request)),
        );
        return null;
      })
      .finally(() => {
        for (const seq of seqs) journalDone(seq);
      });
    return { taken, batch };
  }

  /** The children go back under the lower row, on screen and (unless they never left) on the server. */
  private childrenBack(m: Merge, send = true): void {
    const children = m.children.map((id) => this.core.current(id));
    if (children.length === 0) return;
    const upperId = this.core.current(m.upper.id);
    const lowerId = this.core.current(m.lower.id);
    editList(listKey(upperId, NESTED_RELATION), (l) => {
      const kept = l.ids.filter((id) => !children.includes(id));
      return { ids: kept, total: l.total - (l.ids.length - kept.length) };
    });
    setList(listKey(lowerId, NESTED_RELATION), {
      ids: children,
      total: children.length,
      status: "ready",
      rev: 1,
    });
    if (!send) return;
    const from = { parentId: upperId, relation: NESTED_RELATION };
    const to = { parentId: lowerId, relation: NESTED_RELATION };
    for (const id of children)
      this.moves.sendMove({ id, from, to, before: null }, () => {
        this.moves.takeOut(lowerId, NESTED_RELATION, id);
        this.moves.appendInto(upperId, id);
      });
  }

  /** Every child of a row, in order: what is loaded, or all pages read from the server first. */
  private async childIdsOf(id: number): Promise<number[]> {
    const list = getList(this.core.current(id), NESTED_RELATION);
    if (list && list.status === "ready" && list.ids.length >= list.total) return [...list.ids];
    if (!list && this.core.childCount(id) === 0) return [];
    const real = await this.core.realId(id);
    const found: number[] = [];
    for (let page = 1; ; page++) {
      const result = await this.core.deps.api.relations(real, [NESTED_RELATION], { [NESTED_RELATION]: page });
      this.core.receive(result.related_nodes);
      const ids = idsOfGroup(result.relations, real, NESTED_RELATION);
      found.push(...ids);
      if (ids.length === 0 || found.length >= (result.pagination_info[NESTED_RELATION]?.total ?? 0)) break;
    }
    // Rows typed under it and not on the server yet come after.
    return [...new Set([...found, ...(list?.ids ?? [])])];
  }
}
