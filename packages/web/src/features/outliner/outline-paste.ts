import { messageOf } from "../../api/messages";
import { listKey } from "../../entities/dnode/list-key";
import { insertAt } from "../../entities/dnode/list-ops";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import { editList, getList, setList, upsertNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import type { Bin } from "./bin-ops";
import { NESTED_RELATION, nextTempId, type OutlineCore } from "./core";
import type { NodeRow } from "./flatten";
import type { Moves, Taken } from "./moves";
import type { NameEdits } from "./names";
import { withoutServerKeys } from "./outline-copy";
import { countItems, type OutlineItem } from "./outline-paste-text";
import { requestFocus, setViewStatus } from "./store";
import type { TreeView } from "./tree-view";
import { rowViewId } from "./view-id";
import { journalAdd, journalDone } from "./write-journal";

const t = zh.outlineKeys;

/** Pastes of more rows than this ask first (issue 12 item 9). */
export const LARGE_PASTE = 500;
/** Pastes of more rows than this show their progress. */
const SHOW_PROGRESS = 40;

/** A paste in progress: counts for its progress notice, and whether a refusal was already said. */
interface PasteRun {
  total: number;
  done: number;
  failed: boolean;
}

/**
 * Pasting an outline (issue 12 item 9, issue 19 item 4): rows made from pasted text or the app's own
 * copied rows, types and fields kept, shown at once and created on the server behind them in order, each
 * written down in the journal like a typed row. One Ctrl+Z takes the whole paste back.
 */
export class Paste {
  constructor(
    readonly core: OutlineCore,
    private readonly names: NameEdits,
    private readonly moves: Moves,
    private readonly bin: Bin,
  ) {}

  /**
   * The rows go after `row` as its siblings; when `fill` and the row is empty (no name, no children), the
   * first pasted row takes its place. `edit` leaves the caret in the last pasted row.
   */
  async pasteItems(view: TreeView, row: NodeRow, items: OutlineItem[], fill: boolean, edit: boolean) {
    const total = countItems(items);
    if (total === 0) return;
    if (total > LARGE_PASTE) {
      const ask = this.core.deps.ask ?? (() => Promise.resolve(true));
      if (!(await ask(t.confirmLargePaste(total), t.confirmLargePasteHint, t.confirmPasteOk))) return;
    }
    const id = this.core.current(row.id);
    const parentId = this.core.current(row.parentId);
    const filling =
      fill && this.core.node(id)?.name === "" && !this.core.hasChildren(id) ? items[0] : undefined;
    if (!this.core.canWrite(parentId) || (filling && !this.core.canWrite(id))) {
      this.core.refuse();
      return;
    }
    this.moves.flushReorders();
    this.names.endTypingRun();
    const run: PasteRun = { total, done: 0, failed: false };
    const nameBefore = this.names.nameState(id);
    if (filling) {
      // A plain line keeps the row's own type label (a DEF row typed empty stays a DEF).
      const plain = filling.type === "NOTE" && Object.keys(filling.content).length === 0;
      this.names.edit(
        id,
        plain ? { name: filling.name } : { name: filling.name, type: filling.type, content: filling.content },
      );
      if (filling.children.length > 0) {
        setList(listKey(id, NESTED_RELATION), { ids: [], total: 0, status: "ready", rev: 1 });
        setViewStatus(row.viewId, { expanded: true });
        this.makeRows(id, NESTED_RELATION, 0, null, filling.children, run);
      }
      run.done++;
    }
    const list = getList(parentId, row.relation);
    const index = (list?.ids.indexOf(id) ?? -1) + 1;
    const next = list?.ids[index] ?? null;
    const rest = filling ? items.slice(1) : items;
    const made = this.makeRows(parentId, row.relation, index, next, rest, run);
    this.showProgress(run);

    const renamed = filling && nameBefore ? this.names.recordNameChange(id, row.key, nameBefore) : null;
    const madeInRow = filling ? (getList(id, NESTED_RELATION)?.ids ?? []) : [];
    const tops = [...madeInRow, ...made];
    let last: { taken: Taken[]; batch: Promise<string | null> } | null = null;
    this.core.history.record({
      undo: () => {
        renamed?.undo();
        const taken = this.bin.takeOutEverywhere(tops);
        last = { taken, batch: this.bin.sendDelete(tops, taken) };
        requestFocus(row.key, "end", edit);
      },
      redo: async () => {
        renamed?.redo();
        if (last) await this.bin.restoreDeleted(last.batch, last.taken);
      },
    });
    const lastMade = made[made.length - 1];
    if (lastMade !== undefined)
      requestFocus(this.core.rowKey(view, parentId, row.relation, lastMade), "end", edit);
    else requestFocus(row.key, "end", edit);
  }

  /** Shows rows at once and creates them one after another behind the queue; returns the top ones' ids. */
  private makeRows(
    parentId: number,
    relation: string,
    index: number,
    next: number | null,
    items: readonly OutlineItem[],
    run: PasteRun,
  ): number[] {
    const parent = this.core.node(parentId);
    const ids: number[] = [];
    items.forEach((item, i) => {
      const temp = nextTempId();
      ids.push(temp);
      const content = withoutServerKeys(item.content);
      upsertNodes([
        {
          id: temp,
          name: item.name,
          type: item.type,
          content,
          parent_id: parentId,
          main_relation: relation,
          owner_id: parent?.owner_id ?? 0,
          relations: {},
          permissions: parent?.permissions,
        } as Dnode,
      ]);
      editList(listKey(parentId, relation), (l) => ({
        ids: insertAt(l.ids, index + i, temp),
        total: l.total + 1,
      }));
      this.createOnServer(temp, parentId, relation, next, item, content, run);
      if (item.children.length > 0) {
        setList(listKey(temp, NESTED_RELATION), { ids: [], total: 0, status: "ready", rev: 1 });
        setViewStatus(rowViewId(parentId, relation, temp), { expanded: true });
        this.makeRows(temp, NESTED_RELATION, 0, null, item.children, run);
      }
    });
    return ids;
  }

  private createOnServer(
    temp: number,
    parentId: number,
    relation: string,
    next: number | null,
    item: OutlineItem,
    content: Record<string, unknown>,
    run: PasteRun,
  ): void {
    const creation = this.names.sendCreation(temp, parentId, relation, next, {
      type: item.type,
      name: item.name,
      content,
    });
    // The type and fields are journaled as an update of the new row too: a reload replays both.
    const fieldsSeq =
      item.type !== "NOTE" || Object.keys(content).length > 0
        ? journalAdd({ kind: "update", id: temp, body: { type: item.type, content } })
        : null;
    creation
      .catch((error) => {
        // One message for a paste, not one per row under a row that could not be made.
        if (!run.failed)
          this.core.deps.notify(
            zh.outliner.failedBecause(t.pasteFailed, messageOf(error, zh.errors.request)),
          );
        run.failed = true;
      })
      .finally(() => {
        if (fieldsSeq !== null) journalDone(fieldsSeq);
        run.done++;
        this.showProgress(run);
      });
  }

  private showProgress(run: PasteRun): void {
    if (run.total <= SHOW_PROGRESS) return;
    if (run.done < run.total) this.core.deps.progress?.(t.pasting(run.done, run.total));
    else {
      this.core.deps.progress?.(null);
      if (!run.failed) this.core.deps.info?.(t.pasted(run.total));
    }
  }

  /** The type code a copied row's plain text line starts with (null for a plain note). */
  labelOf = (item: OutlineItem): string | null => typeLabelOf(item.type, item.content)?.code ?? null;
}
