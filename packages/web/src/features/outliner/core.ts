import { DEFAULT_RELATION_PAGE_SIZE } from "@zhishu/shared";
import { messageOf } from "../../api/messages";
import { idsOfGroup, type OutlineApi, type UpdateBody } from "../../entities/dnode/api";
import { listKey } from "../../entities/dnode/list-key";
import { mergePage } from "../../entities/dnode/list-ops";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import {
  dropList,
  getList,
  keyOf,
  markLoading,
  patchNode,
  setList,
  upsertNodes,
  useNodes,
} from "../../entities/dnode/store";
import type { ChildList, Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { KeyedDebounce, RelationLoadQueue, SerialQueue } from "./queues";
import { putRelationMeta } from "./relation-meta";
import type { TreeView } from "./tree-view";
import { UndoHistory } from "./undo-history";

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
  /** A short notice (rows copied, pasted). */
  info?: (text: string) => void;
  /** A lasting notice of work in progress (a large paste); null takes it away. */
  progress?: (text: string | null) => void;
  /** Asks before something large (not a delete); true goes on. */
  ask?: (title: string, detail: string, ok: string) => Promise<boolean>;
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

// Temporary ids are negative and never reused, across every controller of the page.
let lastTempId = 0;
export const nextTempId = () => --lastTempId;

/**
 * The state every part of the outliner's controller shares (controller.ts wires the parts): ids
 * (temporary and real), rights, loads, the undo history, the serial queue of structural edits and the
 * saves waiting or in flight. Everything shows at once in the store and goes to the server behind it:
 * structural edits one by one in typing order (a SerialQueue), name saves debounced per node; a row
 * typed before the server answered has a temporary id that every later call waits on.
 */
export class OutlineCore {
  readonly structural = new SerialQueue();
  /** Temporary id -> the real id, once the server made the node. */
  readonly realIds = new Map<number, number>();
  readonly creating = new Map<number, Promise<number>>();
  readonly failedTemps = new Set<number>();
  /** The last state the server confirmed, per node: what a refused save rolls back to. */
  readonly confirmed = new Map<number, Dnode>();
  readonly savesInFlight = new Map<number, number>();
  /** Nodes whose last save the server refused: what the row shows was typed, not saved. */
  readonly refused = new Set<number>();
  /** Ctrl+Z / Ctrl+Shift+Z: typing and structure on one stack. */
  readonly history = new UndoHistory();
  readonly saves = new KeyedDebounce<number, UpdateBody>(UPDATE_DEBOUNCE_MS, mergeUpdates, (id, body) => {
    void this.sendSave(id, body);
  });
  readonly loads: RelationLoadQueue<FirstPage>;
  /** Sends a node's waiting save: the name edits (names.ts) plug theirs in (`sendSavesWith`). */
  private sendSave: (id: number, body: UpdateBody) => Promise<void> = () => {
    throw new Error("OutlineCore: no save sender wired (see controller.ts)");
  };

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

  /** Who sends a save once its 50 ms are up (wired by the controller: saves are chained and journaled there). */
  sendSavesWith(send: (id: number, body: UpdateBody) => Promise<void>): void {
    this.sendSave = send;
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
    return useNodes.getState().nodes[this.current(id)];
  }

  /** An edit the rights the server sent do not allow: one keyed warning (只读…). */
  refuse(): void {
    this.deps.warn(zh.outliner.readOnly);
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
    dropList(listKey(parentId, relation));
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
      this.deps.notify(
        zh.outliner.failedBecause(zh.outliner.loadFailed, messageOf(error, zh.errors.request)),
      );
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
    const message = messageOf(error, zh.errors.request);
    if (now && now.ids.length > 0) setList(key, { ...now, status: "ready" });
    else setList(key, { ...emptyList("error"), error: message });
  }

  /** Lists of these parents are read again (rows a replay of the journal sent). */
  reloadChildren(parentIds: Set<number>): void {
    for (const key of Object.keys(useNodes.getState().lists)) {
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
