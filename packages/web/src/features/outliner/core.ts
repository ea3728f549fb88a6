import { DEFAULT_RELATION_PAGE_SIZE, statusOf } from "@zhishu/shared";
import { idsOfGroup, type OutlineApi, type UpdateBody } from "../../entities/dnode/api";
import { parseNamePrefix, prefixEffect, typedColon, typeLabelOf } from "../../entities/dnode/name-prefix";
import { reasonOf } from "../../entities/dnode/node-error";
import type { ChildList, Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { processApi } from "../process/process-api";
import type { NodeRow } from "./flatten";
import { mergePage } from "./list-ops";
import { KeyedDebounce, RelationLoadQueue, SerialQueue } from "./queues";
import { putRelationMeta } from "./relation-meta";
import {
  getList,
  keyOf,
  markLoading,
  patchNode,
  requestFocus,
  setList,
  upsertNodes,
  useOutline,
} from "./store";
import type { TreeView } from "./tree-view";
import { endsWord, TYPING_RUN_PAUSE_MS, UndoHistory, type UndoStep } from "./undo-history";
import { listKey } from "./view-id";
import { journalAdd, journalDone, journalReplace } from "./write-journal";

/** Node updates are debounced this long (workspace-spec 9). */
export const UPDATE_DEBOUNCE_MS = 50;
/** Keyboard reorders are batched this long before one move goes out (workspace-spec 9). */
export const REORDER_DEBOUNCE_MS = 500;

/** Nested rows show their CHILD_NODE children (user roots only appear as page roots). */
export const NESTED_RELATION = "CHILD_NODE";

export interface ControllerDeps {
  api: OutlineApi;
  /** An error toast (a refused edit, rolled back). */
  notify: (text: string) => void;
  /** A warning toast (Alt+Up at the top …). */
  warn: (text: string) => void;
  navigate: (path: string) => void;
  /** Asks before a delete of several rows or of a subtree; true goes on. */
  confirm: (title: string, detail: string) => Promise<boolean>;
  /** A delete landed: say so, with 撤销 running `undo` (a restore from the recycle bin). */
  deleted: (count: number, undo: () => Promise<void>) => void;
}

interface FirstPage {
  ids: number[];
  total: number;
}

/** What typing can change in a row: the name, and the type or label a prefix turns it into. */
export interface NameState {
  name: string;
  type: string;
  customPrefix: string | null;
}

/** A run of typing in one row, not yet on the undo stack. */
interface TypingRun {
  id: number;
  key: string;
  before: NameState;
  lastAt: number;
}

// Temporary ids are negative and never reused, across every controller of the page.
let lastTempId = 0;
export const nextTempId = () => --lastTempId;

/**
 * The outliner's reads and the node-level edits (names, prefixes, loads). Structural edits live in
 * structure.ts. Everything shows at once in the store and goes to the server behind it: structural
 * edits one by one in typing order (a SerialQueue), name saves debounced per node; a row typed before
 * the server answered has a temporary id that every later call waits on.
 */
export class OutlineCore {
  readonly structural = new SerialQueue();
  /** Temporary id -> the real id, once the server made the node. */
  readonly realIds = new Map<number, number>();
  readonly creating = new Map<number, Promise<number>>();
  readonly failedTemps = new Set<number>();
  /** The last state the server confirmed, per node: what a refused save rolls back to. */
  readonly confirmed = new Map<number, Dnode>();
  private readonly savesInFlight = new Map<number, number>();
  private readonly saveChains = new Map<number, Promise<void>>();
  private readonly nameAtFocus = new Map<string, string>();
  /** Saves waiting for their 50 ms, by the id they were pushed under: their journal entry. */
  private readonly waitingJournal = new Map<number, { seq: number; body: UpdateBody }>();
  /** Nodes whose last save the server refused: what the row shows was typed, not saved. */
  private readonly refused = new Set<number>();
  /** Ctrl+Z / Ctrl+Shift+Z: typing and structure on one stack. */
  readonly history = new UndoHistory();
  private typingRun: TypingRun | null = null;
  readonly saves = new KeyedDebounce<number, UpdateBody>(UPDATE_DEBOUNCE_MS, mergeUpdates, (id, body) => {
    void this.sendSave(id, body);
  });
  protected readonly loads: RelationLoadQueue<FirstPage>;

  constructor(public deps: ControllerDeps) {
    this.loads = new RelationLoadQueue<FirstPage>({
      loadBatch: (ids) => this.loadBatch(ids),
      loadOne: async (id) => {
        const page = await this.deps.api.relations(id, [NESTED_RELATION]);
        this.receive(page.related_nodes);
        putRelationMeta(page.relations);
        return {
          ids: idsOfGroup(page.relations, id, NESTED_RELATION),
          total: page.pagination_info[NESTED_RELATION]?.total ?? 0,
        };
      },
      deliver: (id, result) => this.deliverFirstPage(id, NESTED_RELATION, result),
    });
  }

  // ---- ids and rights

  /** The id a node has now: its real id once a temporary one was saved. */
  current(id: number): number {
    return this.realIds.get(id) ?? id;
  }

  /** The server id of a node, waiting for its creation when it was typed under a temporary id. */
  async realId(id: number): Promise<number> {
    const known = this.current(id);
    if (known > 0) return known;
    const pending = this.creating.get(known);
    if (!pending) throw new Error(`unknown temporary node ${id}`);
    return pending;
  }

  node(id: number): Dnode | undefined {
    return useOutline.getState().nodes[this.current(id)];
  }

  /** The client gates edits on the rights the server sent, never on its own copy of the rules. */
  canWrite(id: number): boolean {
    return this.node(id)?.permissions?.write !== false;
  }

  /** Real id -> the temporary id it was typed under (saves made then are still keyed by it). */
  readonly tempIds = new Map<number, number>();

  /** True while the user has unsaved or unconfirmed edits of the node: server copies must not overwrite them. */
  readonly isLocal = (id: number): boolean => {
    const pending = (key: number) => this.saves.has(key) || (this.savesInFlight.get(key) ?? 0) > 0;
    const temp = this.tempIds.get(id);
    return pending(id) || (temp !== undefined && pending(temp)) || this.refused.has(id);
  };

  isLabelled(id: number): boolean {
    const node = this.node(id);
    return node ? typeLabelOf(node.type, node.content) !== null : false;
  }

  /** True when deleting the node would take a subtree with it. */
  hasChildren(id: number): boolean {
    const list = getList(this.current(id), NESTED_RELATION);
    if (list && list.total > 0) return true;
    const relations = this.node(id)?.relations ?? {};
    return Object.entries(relations).some(([key, group]) => !key.startsWith("x__") && group.size > 0);
  }

  /** How many children a row would show when opened. */
  childCount(id: number): number {
    const list = getList(this.current(id), NESTED_RELATION);
    return list ? list.total : (this.node(id)?.relations?.[NESTED_RELATION]?.size ?? 0);
  }

  /** The key of a row in one tree (see flatten.ts). */
  rowKey(view: TreeView, parentId: number, relation: string, id: number): string {
    return `${view.scope}${keyOf(parentId)}:${relation}/${keyOf(id)}`;
  }

  /** Server nodes into the store; what the server sent is also what a refused save rolls back to. */
  receive(nodes: Dnode[]): void {
    for (const node of nodes) if (!this.isLocal(node.id)) this.confirmed.set(node.id, node);
    upsertNodes(nodes, this.isLocal);
  }

  /**
   * Nodes a process action changed (the target, siblings it paused, ancestors now sub_running). The
   * server alone decides status and times, so those fields land even on a row whose name is being
   * typed; only its name and type stay local. Stable (an arrow property), so rows can pass it down.
   */
  readonly receiveProcesses = (nodes: Dnode[]): void => {
    this.receive(nodes);
    for (const node of nodes)
      if (this.isLocal(node.id)) patchNode(node.id, { content: processFieldsOf(node.content) });
  };

  /**
   * Enter on a draft process starts it (workspace-spec 4: "A new process is draft; saving with enter
   * makes it running"), once the server has the node and its typed type: the start waits for the
   * creation of a row typed a moment ago and for its pending saves.
   */
  async startDraft(id: number): Promise<void> {
    const node = this.node(id);
    if (node?.type !== "PROCESS" || statusOf(node.content) !== "draft" || !this.canWrite(id)) return;
    this.saves.flushAll();
    try {
      const real = await this.realId(id);
      const temp = this.tempIds.get(real);
      await Promise.all([this.saveChains.get(real), temp === undefined ? null : this.saveChains.get(temp)]);
      // A save refused meanwhile may have turned it back into something else.
      if (this.node(real)?.type !== "PROCESS") return;
      this.receiveProcesses((await processApi.act(real, "start")).dnodes);
    } catch (error) {
      this.deps.notify(zh.process.actionFailed(reasonOf(error, zh.errors.request)));
    }
  }

  // ---- loading

  /** Loads the first page of every group the page shows, keeping what is cached on screen meanwhile. */
  async loadRoot(rootId: number, groups: string[]): Promise<void> {
    const revs = new Map(groups.map((g) => [g, getList(rootId, g)?.rev]));
    // Edits still on their way to the server make this answer older than what the screen shows.
    const quietAtStart = this.structural.size === 0;
    for (const group of groups)
      if (!getList(rootId, group)) setList(listKey(rootId, group), emptyList("loading"));
    try {
      const page = await this.deps.api.relations(rootId, groups);
      this.receive(page.related_nodes);
      putRelationMeta(page.relations);
      for (const group of groups) {
        const first = {
          ids: idsOfGroup(page.relations, rootId, group),
          total: page.pagination_info[group]?.total ?? 0,
        };
        this.applyFirstPage(rootId, group, first, quietAtStart ? revs.get(group) : undefined);
      }
    } catch (error) {
      for (const group of groups) this.failList(rootId, group, error);
    }
  }

  /** Asks for the children of an opened row (batched by the relation loading queue). */
  ensureLoaded(parentId: number, relation: string): void {
    if (getList(parentId, relation)) return;
    setList(listKey(parentId, relation), emptyList("loading"));
    if (relation === NESTED_RELATION) this.loads.request(parentId);
    else void this.loadRoot(parentId, [relation]);
  }

  /** Opens many rows' children at once (a level change): one store update, loads batched by the queue. */
  ensureLoadedAll(parentIds: number[]): void {
    const missing = parentIds.filter((id) => !getList(id, NESTED_RELATION));
    markLoading(missing.map((id) => listKey(id, NESTED_RELATION)));
    for (const id of missing) this.loads.request(id);
  }

  /** Loads again after an error (a page's own group, or an opened row's children). */
  retry(parentId: number, relation: string, pageGroup: boolean): void {
    useOutline.setState((s) => {
      const lists = { ...s.lists };
      delete lists[listKey(parentId, relation)];
      return { lists };
    });
    if (pageGroup) void this.loadRoot(parentId, [relation]);
    else this.ensureLoaded(parentId, relation);
  }

  /** "加载更多": the page after what is loaded (the loaded ids are a prefix of the server's list). */
  async loadMore(parentId: number, relation: string): Promise<void> {
    const key = listKey(parentId, relation);
    const list = getList(parentId, relation);
    if (!list || list.status === "loading" || list.ids.length >= list.total) return;
    const page = Math.floor(list.ids.length / DEFAULT_RELATION_PAGE_SIZE) + 1;
    setList(key, { ...list, status: "loading" });
    try {
      const result = await this.deps.api.relations(parentId, [relation], { [relation]: page });
      this.receive(result.related_nodes);
      putRelationMeta(result.relations);
      const now = getList(parentId, relation) ?? list;
      const ids = mergePage(now.ids, idsOfGroup(result.relations, parentId, relation));
      const serverTotal = result.pagination_info[relation]?.total ?? 0;
      // A page that brought nothing new means the local list already holds all there is.
      const total = ids.length === now.ids.length ? ids.length : Math.max(serverTotal, ids.length);
      setList(key, { ...now, ids, total, status: "ready", error: undefined });
    } catch (error) {
      const now = getList(parentId, relation) ?? list;
      setList(key, { ...now, status: "ready" });
      this.deps.notify(zh.outliner.failedBecause(zh.outliner.loadFailed, reasonOf(error, zh.errors.request)));
    }
  }

  private async loadBatch(ids: number[]): Promise<Map<number, FirstPage | Error>> {
    const batch = await this.deps.api.batchRelations(ids, NESTED_RELATION);
    this.receive(batch.all_related_nodes);
    const results = new Map<number, FirstPage | Error>();
    for (const id of ids) {
      const entry = batch.results[String(id)];
      if (entry) putRelationMeta(entry.relations);
      results.set(
        id,
        entry
          ? {
              ids: idsOfGroup(entry.relations, id, NESTED_RELATION),
              total: entry.pagination_info[NESTED_RELATION]?.total ?? 0,
            }
          : new Error(zh.errors.request),
      );
    }
    return results;
  }

  private deliverFirstPage(parentId: number, relation: string, result: FirstPage | Error): void {
    if (result instanceof Error) this.failList(parentId, relation, result);
    else this.applyFirstPage(parentId, relation, result, undefined);
  }

  /**
   * A first page arrived. A list still loading takes it (keeping rows the user already moved into it,
   * after the page); a list shown from cache is replaced only when the user did not edit it meanwhile
   * and no edit was on its way to the server when the page was asked for or is now (`rev` undefined
   * says the page may be older than the screen).
   */
  private applyFirstPage(parentId: number, relation: string, page: FirstPage, rev: number | undefined) {
    const key = listKey(parentId, relation);
    const now = getList(parentId, relation);
    if (
      !now ||
      (now.status !== "ready" && now.ids.length === 0) ||
      (now.status === "ready" && rev !== undefined && now.rev === rev && this.structural.size === 0)
    ) {
      setList(key, { ids: page.ids, total: Math.max(page.total, page.ids.length), status: "ready", rev: 0 });
    } else if (now.status !== "ready") {
      const ids = mergePage(now.ids, page.ids, true);
      setList(key, { ...now, ids, total: Math.max(page.total, now.total, ids.length), status: "ready" });
    } else setList(key, { ...now, status: "ready" });
  }

  private failList(parentId: number, relation: string, error: unknown): void {
    const key = listKey(parentId, relation);
    const now = getList(parentId, relation);
    const message = reasonOf(error, zh.errors.request);
    if (now && now.ids.length > 0) setList(key, { ...now, status: "ready" });
    else setList(key, { ...emptyList("error"), error: message });
  }

  // ---- names

  /** The row's name editor took focus: remember the name, to tell later whether it was cleared. */
  activate(row: NodeRow): void {
    this.nameAtFocus.set(row.key, this.node(row.id)?.name ?? "");
  }

  /**
   * A name edit. Mid-composition it only shows (an IME's pinyin is not a name). Otherwise a colon just
   * typed may turn a prefix into the type or a label; the caller moves the caret left by `caretShift`.
   */
  changeName(row: NodeRow, before: string, raw: string, composing: boolean): { caretShift: number } {
    const value = raw.replace(/[\r\n]+/g, " ");
    const id = this.current(row.id);
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
      const hadCustom = typeof this.node(id)?.content.custom_prefix === "string";
      body =
        "type" in effect
          ? { name: parsed.rest, type: effect.type, ...(hadCustom && { content: { custom_prefix: null } }) }
          : { name: parsed.rest, content: { custom_prefix: effect.customPrefix } };
      caretShift += value.length - parsed.rest.length;
    }
    this.edit(id, body);
    if (parsed || endsWord(before, value)) this.endTypingRun();
    return { caretShift };
  }

  // ---- undo and redo

  /** Ctrl+Z: the typing run in progress first, then the newest step. */
  undo(): boolean {
    this.endTypingRun();
    return this.history.undo();
  }

  /** Ctrl+Shift+Z / Ctrl+Y. */
  redo(): boolean {
    this.endTypingRun();
    return this.history.redo();
  }

  /** A structural edit, or the end of a pause, a word or a blur: the typing so far becomes one step. */
  endTypingRun(): void {
    const run = this.typingRun;
    this.typingRun = null;
    if (!run) return;
    const after = this.nameState(run.id);
    if (!after || sameNameState(after, run.before)) return;
    this.history.record(this.nameStep(run.id, run.key, run.before, after));
  }

  /** Records an edit of a name made by a key rather than typed (Enter splitting it, a label dropped). */
  protected recordNameChange(id: number, key: string, before: NameState): UndoStep | null {
    const after = this.nameState(id);
    if (!after || sameNameState(after, before)) return null;
    return this.nameStep(id, key, before, after);
  }

  nameState(id: number): NameState | null {
    const node = this.node(id);
    if (!node) return null;
    const label = node.content.custom_prefix;
    return { name: node.name, type: node.type, customPrefix: typeof label === "string" ? label : null };
  }

  private continueTypingRun(id: number, key: string, before: string): void {
    const now = Date.now();
    const run = this.typingRun;
    // A row typed before the server made it changes id mid-run; it is still the same row.
    if (run && (this.current(run.id) !== id || now - run.lastAt > TYPING_RUN_PAUSE_MS)) this.endTypingRun();
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
    if (!this.canWrite(id)) return;
    // An undo may name a row by the temporary id it was typed under; the store keys it by its real id.
    patchNode(this.current(id), body);
    this.saves.push(id, body);
    this.journalPending(id, body);
  }

  /**
   * A save waiting for its 50 ms is written down at once, merged into one entry per row, so a reload
   * within those 50 ms loses nothing either (replay-journal.ts).
   */
  private journalPending(id: number, body: UpdateBody): void {
    const waiting = this.waitingJournal.get(id);
    const merged = waiting ? mergeUpdates(waiting.body, body) : body;
    const entry = { kind: "update" as const, id: this.current(id), body: merged };
    if (waiting) journalReplace(waiting.seq, entry);
    this.waitingJournal.set(id, { seq: waiting?.seq ?? journalAdd(entry), body: merged });
  }

  /** A waiting save is dropped (its row was deleted): so is its journal entry. */
  cancelSave(id: number): void {
    this.saves.cancel(id);
    const waiting = this.waitingJournal.get(id);
    this.waitingJournal.delete(id);
    if (waiting) journalDone(waiting.seq);
  }

  /** Drops the node's type label: back to a plain note (workspace-spec 5). */
  revertToNote(id: number): void {
    const hadCustom = typeof this.node(id)?.content.custom_prefix === "string";
    this.edit(id, { type: "NOTE", ...(hadCustom && { content: { custom_prefix: null } }) });
  }

  /** Backspace at the start of a labelled name: the label turns back into typed text, as an undo. */
  labelToText(row: NodeRow): string | null {
    const node = this.node(row.id);
    const label = node && typeLabelOf(node.type, node.content);
    if (!node || !label) return null;
    const name = `${label.code}:${node.name}`;
    this.edit(node.id, {
      name,
      ...(label.custom ? { content: { custom_prefix: null } } : { type: "NOTE" }),
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
  private sendSave(id: number, body: UpdateBody): Promise<void> {
    this.savesInFlight.set(id, (this.savesInFlight.get(id) ?? 0) + 1);
    const chainKey = this.tempIds.get(id) ?? id;
    // Written down when typed (journalPending): a reload before the answer sends it again.
    const waiting = this.waitingJournal.get(id);
    this.waitingJournal.delete(id);
    const seq = waiting?.seq ?? journalAdd({ kind: "update", id: this.current(id), body });
    const run = (this.saveChains.get(chainKey) ?? Promise.resolve())
      .then(() => this.save(id, body))
      .finally(() => journalDone(seq));
    this.saveChains.set(chainKey, run);
    return run;
  }

  private async save(id: number, body: UpdateBody): Promise<void> {
    try {
      const real = await this.realId(id);
      const saved = await this.deps.api.update(real, body);
      this.confirmed.set(real, saved);
      this.refused.delete(real);
      // Version and relations come from the server; name, type and content stay as typed.
      upsertNodes([saved], () => true);
    } catch (error) {
      const real = this.current(id);
      if (this.failedTemps.has(id) || !this.node(real)) return;
      // Typed text is never taken away (issue 11): it stays in the row, kept from server copies, until a
      // later edit of the row saves.
      this.refused.add(real);
      const reason = reasonOf(error, zh.errors.request);
      this.deps.notify(
        `${zh.outliner.failedBecause(zh.outliner.saveFailed, reason)}。${zh.outliner.keptAfterRefusal}`,
      );
    } finally {
      this.savesInFlight.set(id, (this.savesInFlight.get(id) ?? 1) - 1);
    }
  }

  /** Lists of these parents are read again (rows a replay of the journal sent). */
  reloadChildren(parentIds: Set<number>): void {
    for (const key of Object.keys(useOutline.getState().lists)) {
      const at = key.indexOf(":");
      const parentId = Number(key.slice(0, at));
      const relation = key.slice(at + 1);
      if (parentIds.has(parentId)) this.retry(parentId, relation, relation !== NESTED_RELATION);
    }
  }

  /** Resolves when every edit made so far has reached the server (tests, navigation). */
  async settled(): Promise<void> {
    await this.history.idle();
    this.saves.flushAll();
    await this.structural.idle();
    while ([...this.savesInFlight.values()].some((n) => n > 0)) await new Promise((r) => setTimeout(r, 5));
  }
}

const sameNameState = (a: NameState, b: NameState) =>
  a.name === b.name && a.type === b.type && a.customPrefix === b.customPrefix;

function emptyList(status: ChildList["status"]): ChildList {
  return { ids: [], total: 0, status, rev: 0 };
}

/** Two waiting saves of one node as one: later fields win, content keys merge. */
export function mergeUpdates(older: UpdateBody, newer: UpdateBody): UpdateBody {
  const merged: UpdateBody = { ...older, ...newer };
  if (older.content || newer.content) merged.content = { ...older.content, ...newer.content };
  return merged;
}

/** The content keys a process action owns (docs/API.md "Processes"); absent ones are cleared. */
const PROCESS_KEYS = [
  "self_status",
  "start_time",
  "ran_at",
  "pause_time",
  "end_time",
  "finished_at",
  "self_time",
  "total_time",
  "inserted_time",
] as const;

function processFieldsOf(content: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(PROCESS_KEYS.map((key) => [key, content[key] ?? null]));
}
