import { statusOf } from "@zhishu/shared";
import { messageOf } from "../../api/messages";
import type { CreateBody, UpdateBody } from "../../entities/dnode/api";
import { listKey } from "../../entities/dnode/list-key";
import { withoutId } from "../../entities/dnode/list-ops";
import {
  parseNamePrefix,
  prefixChange,
  prefixEffect,
  typedColon,
  typeLabelOf,
} from "../../entities/dnode/name-prefix";
import { editList, patchNode, upsertNodes } from "../../entities/dnode/store";
import { typeByPrefix } from "../../entities/dnode/type-prefixes";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { randomKey } from "../../lib/random-key";
import { processApi } from "../process/process-api";
import { mergeUpdates, type NameState, type OutlineCore } from "./core";
import type { NodeRow } from "./flatten";
import { typedFormula } from "./formula-names";
import { renameNode, requestFocus } from "./store";
import { endsWord, TYPING_RUN_PAUSE_MS, type UndoStep } from "./undo-history";
import { journalAdd, journalDone, journalReplace, journalResolve } from "./write-journal";

/** A run of typing in one row, not yet on the undo stack. */
interface TypingRun {
  id: number;
  key: string;
  before: NameState;
  lastAt: number;
}

const sameNameState = (a: NameState, b: NameState) =>
  a.name === b.name && a.type === b.type && a.customPrefix === b.customPrefix;

/**
 * The outliner's name edits, over the shared core (core.ts): typing in a row, type prefixes and labels,
 * saves debounced per node and sent one after another (the core's debounce calls `sendSave`, wired by
 * controller.ts), the journal entry of a waiting save, the undo stack's runs of typing, and the
 * creation of a row typed under a temporary id.
 */
export class NameEdits {
  constructor(readonly core: OutlineCore) {}

  readonly saveChains = new Map<number, Promise<void>>();
  private readonly nameAtFocus = new Map<string, string>();
  /** Saves waiting for their 50 ms, by the id they were pushed under: their journal entry. */
  private readonly waitingJournal = new Map<number, { seq: number; body: UpdateBody }>();
  private typingRun: TypingRun | null = null;

  // ---- names

  /** The row's name editor took focus: remember the name, to tell later whether it was cleared. */
  activate(row: NodeRow): void {
    this.nameAtFocus.set(row.key, this.core.node(row.id)?.name ?? "");
  }

  /**
   * A name edit. Mid-composition it only shows (an IME's pinyin is not a name). Otherwise a colon just
   * typed may turn a prefix into the type or a label; the caller moves the caret left by `caretShift`.
   */
  changeName(row: NodeRow, before: string, raw: string, composing: boolean): { caretShift: number } {
    const value = raw.replace(/[\r\n]+/g, " ");
    const id = this.core.current(row.id);
    if (composing) {
      patchNode(id, { name: value });
      return { caretShift: 0 };
    }
    this.continueTypingRun(id, row.key, before);
    let body: UpdateBody = { name: value };
    let caretShift = raw.length - value.length;
    const parsed = typedColon(before, value) ? parseNamePrefix(value) : null;
    if (parsed) {
      const effect = prefixEffect(parsed.prefix);
      const hadCustom = typeof this.core.node(id)?.content.custom_prefix === "string";
      body = { name: parsed.rest, ...prefixChange(effect, hadCustom) };
      caretShift += value.length - parsed.rest.length;
    }
    const formula = parsed ? null : typedFormula(before, value, this.core.node(id)?.type);
    if (formula !== null) {
      body = { name: formula, type: "EX" };
      caretShift += value.length - formula.length;
    }
    this.edit(id, body);
    if (parsed || formula !== null || endsWord(before, value)) this.endTypingRun();
    return { caretShift };
  }

  // ---- undo and redo

  /** Ctrl+Z: the typing run in progress first, then the newest step. */
  undo(): boolean {
    this.endTypingRun();
    return this.core.history.undo();
  }

  /** Ctrl+Shift+Z / Ctrl+Y. */
  redo(): boolean {
    this.endTypingRun();
    return this.core.history.redo();
  }

  /** A structural edit, or the end of a pause, a word or a blur: the typing so far becomes one step. */
  endTypingRun(): void {
    const run = this.typingRun;
    this.typingRun = null;
    if (!run) return;
    const after = this.nameState(run.id);
    if (!after || sameNameState(after, run.before)) return;
    this.core.history.record(this.nameStep(run.id, run.key, run.before, after));
  }

  /** Records an edit of a name made by a key rather than typed (Enter splitting it, a label dropped). */
  recordNameChange(id: number, key: string, before: NameState): UndoStep | null {
    const after = this.nameState(id);
    if (!after || sameNameState(after, before)) return null;
    return this.nameStep(id, key, before, after);
  }

  nameState(id: number): NameState | null {
    const node = this.core.node(id);
    if (!node) return null;
    const label = node.content.custom_prefix;
    return { name: node.name, type: node.type, customPrefix: typeof label === "string" ? label : null };
  }

  private continueTypingRun(id: number, key: string, before: string): void {
    const now = Date.now();
    const run = this.typingRun;
    // A row typed before the server made it changes id mid-run; it is still the same row.
    if (run && (this.core.current(run.id) !== id || now - run.lastAt > TYPING_RUN_PAUSE_MS))
      this.endTypingRun();
    if (!this.typingRun) {
      const state = this.nameState(id);
      // `before` is the name as it was before this change (an IME shows pinyin in the row meanwhile).
      if (state) this.typingRun = { id, key, before: { ...state, name: before }, lastAt: now };
    }
    if (this.typingRun) this.typingRun.lastAt = now;
  }

  private nameStep(id: number, key: string, before: NameState, after: NameState): UndoStep {
    return {
      undo: () => this.applyNameState(id, key, before),
      redo: () => this.applyNameState(id, key, after),
    };
  }

  /** Puts a name (and type, label) back, saved like typing; the caret goes to its end. */
  private applyNameState(id: number, key: string, state: NameState): void {
    const now = this.nameState(id);
    if (!now) return;
    const body: UpdateBody = { name: state.name };
    if (now.type !== state.type) body.type = state.type;
    if (now.customPrefix !== state.customPrefix) body.content = { custom_prefix: state.customPrefix };
    this.edit(id, body);
    // A name emptied by undo is not a name the person cleared: leaving the row must not delete it.
    if (state.name === "" && this.nameAtFocus.has(key)) this.nameAtFocus.set(key, "");
    requestFocus(key, "end");
  }

  /** Shows an edit of one node at once and saves it 50 ms after the last one. */
  edit(id: number, body: UpdateBody): void {
    if (!this.core.canWrite(id)) return;
    // An undo may name a row by the temporary id it was typed under; the store keys it by its real id.
    patchNode(this.core.current(id), body);
    this.core.saves.push(id, body);
    this.journalPending(id, body);
  }

  /**
   * A save waiting for its 50 ms is written down at once, merged into one entry per row, so a reload
   * within those 50 ms loses nothing either (replay-journal.ts).
   */
  private journalPending(id: number, body: UpdateBody): void {
    const waiting = this.waitingJournal.get(id);
    const merged = waiting ? mergeUpdates(waiting.body, body) : body;
    const entry = { kind: "update" as const, id: this.core.current(id), body: merged };
    if (waiting) journalReplace(waiting.seq, entry);
    this.waitingJournal.set(id, { seq: waiting?.seq ?? journalAdd(entry), body: merged });
  }

  /** A waiting save is dropped (its row was deleted): so is its journal entry. */
  cancelSave(id: number): void {
    this.core.saves.cancel(id);
    const waiting = this.waitingJournal.get(id);
    this.waitingJournal.delete(id);
    if (waiting) journalDone(waiting.seq);
  }

  /** Drops the node's type label: back to a plain note (workspace-spec 5). */
  revertToNote(id: number): void {
    const hadCustom = typeof this.core.node(id)?.content.custom_prefix === "string";
    this.edit(id, { type: "NOTE", ...(hadCustom && { content: { custom_prefix: null } }) });
  }

  /** Backspace at the start of a labelled name: the label turns back into typed text, as an undo. */
  labelToText(row: NodeRow): string | null {
    const node = this.core.node(row.id);
    const label = node && typeLabelOf(node.type, node.content);
    if (!node || !label) return null;
    const name = `${label.code}:${node.name}`;
    this.edit(node.id, {
      name,
      // A label that came with a type (目标 of a PROCESS) takes the type back with it.
      ...(label.custom
        ? { content: { custom_prefix: null }, ...(typeByPrefix(label.code) && { type: "NOTE" }) }
        : { type: "NOTE" }),
    });
    return name;
  }

  /** The name to compare with on blur; forgotten afterwards. */
  takeNameAtFocus(row: NodeRow): string {
    const name = this.nameAtFocus.get(row.key) ?? "";
    this.nameAtFocus.delete(row.key);
    return name;
  }

  /**
   * Saves of one node go one after another: two in flight at once could reach the server out of order
   * and leave the older name. The chain is keyed by the id the node was first typed under.
   */
  sendSave(id: number, body: UpdateBody): Promise<void> {
    this.core.savesInFlight.set(id, (this.core.savesInFlight.get(id) ?? 0) + 1);
    const chainKey = this.core.tempIds.get(id) ?? id;
    // Written down when typed (journalPending): a reload before the answer sends it again.
    const waiting = this.waitingJournal.get(id);
    this.waitingJournal.delete(id);
    const seq = waiting?.seq ?? journalAdd({ kind: "update", id: this.core.current(id), body });
    const run = (this.saveChains.get(chainKey) ?? Promise.resolve())
      .then(() => this.save(id, body))
      .finally(() => journalDone(seq));
    this.saveChains.set(chainKey, run);
    return run;
  }

  private async save(id: number, body: UpdateBody): Promise<void> {
    try {
      const real = await this.core.realId(id);
      const saved = await this.core.deps.api.update(real, body);
      this.core.confirmed.set(real, saved);
      this.core.refused.delete(real);
      // Version and relations come from the server; name, type and content stay as typed.
      upsertNodes([saved], () => true);
    } catch (error) {
      const real = this.core.current(id);
      if (this.core.failedTemps.has(id) || !this.core.node(real)) return;
      // Typed text is never taken away (issue 11): it stays in the row, kept from server copies, until a
      // later edit of the row saves.
      this.core.refused.add(real);
      const reason = messageOf(error, zh.errors.request);
      this.core.deps.notify(
        `${zh.outliner.failedBecause(zh.outliner.saveFailed, reason)}。${zh.outliner.keptAfterRefusal}`,
      );
    } finally {
      this.core.savesInFlight.set(id, (this.core.savesInFlight.get(id) ?? 1) - 1);
    }
  }

  /**
   * Enter on a draft process starts it (workspace-spec 4: "A new process is draft; saving with enter
   * makes it running"), once the server has the node and its typed type: the start waits for the
   * creation of a row typed a moment ago and for its pending saves.
   */
  async startDraft(id: number): Promise<void> {
    const node = this.core.node(id);
    if (node?.type !== "PROCESS" || statusOf(node.content) !== "draft" || !this.core.canWrite(id)) return;
    this.core.saves.flushAll();
    try {
      const real = await this.core.realId(id);
      const temp = this.core.tempIds.get(real);
      await Promise.all([this.saveChains.get(real), temp === undefined ? null : this.saveChains.get(temp)]);
      // A save refused meanwhile may have turned it back into something else.
      if (this.core.node(real)?.type !== "PROCESS") return;
      this.core.receiveProcesses((await processApi.act(real, "start")).dnodes);
    } catch (error) {
      this.core.deps.notify(zh.process.actionFailed(messageOf(error, zh.errors.request)));
    }
  }

  /**
   * Sends the creation of a row typed under the temporary id `temp` and lands its answer: the real id
   * replaces the temporary one in the store, the journal and later calls; a refusal takes the row out
   * of its list (and the returned promise rejects, for the caller's message). Written to the journal
   * first, with an Idempotency-Key, so a reload or a retry after a lost answer never makes it twice.
   */
  sendCreation(
    temp: number,
    parentId: number,
    relation: string,
    nextId: number | null,
    fields: Pick<CreateBody, "type" | "name" | "content">,
  ): Promise<Dnode> {
    const createKey = randomKey();
    const seq = journalAdd({
      kind: "create",
      temp,
      parent: parentId,
      relation,
      next: nextId === null ? null : this.core.current(nextId),
      name: fields.name,
      key: createKey,
    });
    const creation = this.core.structural.run(async () =>
      this.core.deps.api.create(
        {
          ...fields,
          location_id: await this.core.realId(parentId),
          relation_name: relation,
          next_id: nextId === null ? null : await this.core.realId(nextId),
        },
        createKey,
      ),
    );
    const idPromise = creation.then((r) => r.dnode.id);
    idPromise.catch(() => undefined);
    this.core.creating.set(temp, idPromise);
    return creation.then(
      ({ dnode }) => {
        this.core.realIds.set(temp, dnode.id);
        this.core.tempIds.set(dnode.id, temp);
        this.core.confirmed.set(dnode.id, dnode);
        renameNode(temp, dnode.id, dnode);
        journalResolve(temp, dnode.id);
        journalDone(seq);
        return dnode;
      },
      (error: unknown) => {
        journalDone(seq);
        this.core.failedTemps.add(temp);
        this.cancelSave(temp);
        editList(listKey(this.core.current(parentId), relation), (l) => ({
          ids: withoutId(l.ids, temp),
          total: l.total - 1,
        }));
        throw error;
      },
    );
  }
}
