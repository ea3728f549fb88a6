import { messageOf } from "../../api/messages";
import { placementOf } from "../../entities/dnode/list-ops";
import { editList, getList, useNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import type { OutlineCore } from "./core";
import { neighbourRow } from "./flatten";
import type { Moves, Taken } from "./moves";
import type { NameEdits } from "./names";
import { requestFocus } from "./store";
import type { TreeView } from "./tree-view";
import type { UndoStep } from "./undo-history";
import { journalAdd, journalDone, journalForget } from "./write-journal";

const t = zh.outliner;

/**
 * Deleting into the recycle bin and back: rows leave every list on screen at once, the delete goes to
 * the server in typing order, and undo (Ctrl+Z or the message's 撤销) restores the same nodes to their
 * old places. Putting a row back in its list is the moves' (moves.ts).
 */
export class Bin {
  constructor(
    readonly core: OutlineCore,
    private readonly names: NameEdits,
    private readonly moves: Moves,
  ) {}

  /** Nodes deleted here (until brought back): leaving such a row saves and deletes nothing more. */
  readonly deleted = new Set<number>();

  /** Takes nodes out of every list on screen at once; returns where each was, to put it back. */
  takeOutEverywhere(ids: number[]): Taken[] {
    const now = ids.map((id) => this.core.current(id));
    const taken: Taken[] = [];
    for (const [key, list] of Object.entries(useNodes.getState().lists)) {
      const at = key.indexOf(":");
      for (const id of now) {
        const placement = placementOf(key, list.ids, id);
        if (placement)
          taken.push({
            id,
            removal: { parentId: Number(key.slice(0, at)), relation: key.slice(at + 1), placement },
          });
      }
      if (list.ids.some((id) => now.includes(id)))
        editList(key, (l) => {
          const kept = l.ids.filter((id) => !now.includes(id));
          return { ids: kept, total: l.total - (l.ids.length - kept.length) };
        });
    }
    for (const id of now) {
      this.names.cancelSave(id);
      this.deleted.add(id);
      if (id < 0) journalForget(id);
    }
    return taken;
  }

  /**
   * Deletes nodes with their subtrees into the recycle bin, behind what the screen already shows, in
   * typing order. Refused, they come back where they were with the server's reason. Resolves to the
   * bin batch that brings them back (null when refused).
   */
  sendDelete(ids: number[], taken: Taken[], putBackOnRefusal = () => true): Promise<string | null> {
    const seq = journalAdd({
      kind: "delete",
      ids: ids.map((id) => this.core.current(id)),
      parents: [...new Set(taken.map((t) => this.core.current(t.removal.parentId)))],
    });
    return this.core.structural
      .run(async () =>
        this.core.deps.api.deleteBatch(await Promise.all(ids.map((id) => this.core.realId(id)))),
      )
      .then(
        (result) => result.trash_batch_id ?? null,
        (error) => {
          if (putBackOnRefusal()) this.putBackAll(taken);
          this.core.deps.notify(t.failedBecause(t.deleteFailed, messageOf(error, zh.errors.request)));
          return null;
        },
      )
      .finally(() => journalDone(seq));
  }

  /** Brings a deleted batch back (same ids, old places on the server) and the rows back on screen. */
  async restoreDeleted(batch: Promise<string | null>, taken: Taken[]): Promise<void> {
    const restored = await this.core.structural.run(async () => {
      const batchId = await batch;
      if (!batchId) return null;
      const { roots } = await this.core.deps.api.restoreDeleted(batchId);
      // Back as the server kept them: an edit cancelled by the delete (a name being cleared) never landed.
      return this.core.deps.api.byIds(roots.map((root) => root.id)).catch(() => []);
    });
    if (!restored) return;
    this.core.receive(restored);
    this.putBackAll(taken);
  }

  /** Rows back in the places they were taken from, in the order they were taken. */
  private putBackAll(taken: Taken[]): void {
    for (const { id, removal } of taken) {
      this.deleted.delete(this.core.current(id));
      const list = getList(this.core.current(removal.parentId), removal.relation);
      if (list && !list.ids.includes(this.core.current(id))) this.moves.putBack(removal, id);
    }
  }

  /**
   * A delete as a step on the undo stack, and its message with 撤销 once the bin has it. Redo deletes
   * the same nodes again (into a new batch).
   */
  recordDeletion(view: TreeView, ids: number[], taken: Taken[], batch: Promise<string | null>): void {
    this.names.endTypingRun();
    let last = { taken, batch };
    const step: UndoStep = {
      undo: () =>
        this.restoreDeleted(last.batch, last.taken)
          .then(() => this.focusTaken(view, last.taken))
          .catch(this.restoreFailed),
      redo: () => {
        this.focusBeside(view, last.taken);
        const again = this.takeOutEverywhere(ids);
        last = { taken: again, batch: this.sendDelete(ids, again) };
      },
    };
    this.core.history.record(step);
    void batch.then((batchId) => {
      if (!batchId) return this.core.history.forget(step);
      this.core.deps.deleted(new Set(ids.map((id) => this.core.current(id))).size, () => {
        this.core.history.forget(step);
        return this.restoreDeleted(last.batch, last.taken);
      });
    });
  }

  /** A row made here as a step: undo deletes it into the bin, redo brings it back. */
  recordCreation(view: TreeView, id: number, parentId: number, relation: string): void {
    let last: { taken: Taken[]; batch: Promise<string | null> } | null = null;
    this.core.history.record({
      undo: () => {
        const place = this.moves.placeOf(parentId, relation, id);
        if (place) this.focusBeside(view, [{ id, removal: place }]);
        const taken = this.takeOutEverywhere([id]);
        last = { taken, batch: this.sendDelete([id], taken) };
      },
      redo: async () => {
        const again = last;
        if (again)
          await this.restoreDeleted(again.batch, again.taken)
            .then(() => this.focusTaken(view, again.taken))
            .catch(this.restoreFailed);
      },
    });
  }

  /** Before rows leave the screen by undo or redo, the caret goes to the row above them (keys keep working). */
  private focusBeside(view: TreeView, taken: Taken[]): void {
    const first = taken[0];
    if (!first) return;
    const key = this.core.rowKey(
      view,
      this.core.current(first.removal.parentId),
      first.removal.relation,
      first.id,
    );
    const beside = neighbourRow(view.rows, key, -1) ?? neighbourRow(view.rows, key, 1);
    if (beside) requestFocus(beside.key, "end");
  }

  /** Rows brought back take the caret, so the next Ctrl+Z or Ctrl+Shift+Z has a row to start from. */
  private focusTaken(view: TreeView, taken: Taken[]): void {
    const first = taken[0];
    if (first)
      requestFocus(
        this.core.rowKey(view, this.core.current(first.removal.parentId), first.removal.relation, first.id),
        "end",
      );
  }

  private readonly restoreFailed = (error: unknown) =>
    this.core.deps.notify(zh.trash.restoreFailed(messageOf(error, zh.errors.request)));
}
