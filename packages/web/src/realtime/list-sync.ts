import { DEFAULT_RELATION_PAGE_SIZE, MAX_RELATION_PAGE_SIZE } from "@zhishu/shared";
import { idsOfGroup } from "../entities/dnode/api";
import { listKey } from "../entities/dnode/list-key";
import { mergePage, withoutId } from "../entities/dnode/list-ops";
import { nodeApi } from "../entities/dnode/node-api";
import { getList, setList, useNodes } from "../entities/dnode/store";
import type { Dnode, RelationsWithData } from "../entities/dnode/types";
import { putRelationMeta } from "../features/outliner/relation-meta";
import { keepingCaret } from "./keep-caret";

/** The parts of the outline controller a live list update needs. */
export interface ListSyncController {
  readonly structural: { readonly size: number; idle(): Promise<void> };
  receive(nodes: Dnode[]): void;
  /** A keyboard reorder of the list waiting to be sent (it is on screen, not yet on the server). */
  hasWaitingReorder(listKey: string): boolean;
}

/** Changes to one list arriving this close together are fetched once. */
export const LIST_SYNC_DEBOUNCE_MS = 100;
/** A list this tab is editing is read again this much later (past the 500 ms reorder batch). */
const BUSY_RETRY_MS = 600;
const MAX_ATTEMPTS = 5;

/** The loaded prefix of a list, as the server holds it now (one request, up to 200 rows). */
function fetchPrefix(parentId: number, relation: string, size: number) {
  return nodeApi.listPrefix(parentId, relation, size);
}

/**
 * Keeps the loaded lists of the outline store in step with what others do. A removed row leaves its
 * list at once (nothing to ask). A new row, a move in or a reorder is placed as the server orders it:
 * the list's loaded prefix is read again through the same relations call the outliner loads with, and
 * swapped in only when this tab made no structural edit meanwhile (those wait until they reached the
 * server; then the answer includes them). Rows keep their keys, so nothing remounts and a caret in
 * another row stays where it is.
 */
export class ListSync {
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly controller: ListSyncController,
    private readonly fetch = fetchPrefix,
    private readonly fetchNode = nodeApi.node,
  ) {}

  /** A link under `parentId` was made or changed: re-read the list if this tab has it loaded. */
  touch(parentId: number, relation: string, delayMs = LIST_SYNC_DEBOUNCE_MS, attempt = 0): void {
    const key = listKey(parentId, relation);
    if (!getList(parentId, relation)) {
      this.countsChanged(parentId);
      return;
    }
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.refresh(parentId, relation, attempt);
      }, delayMs),
    );
  }

  /**
   * A shown row whose children are not loaded gained or lost one: the row is read again, so its child
   * count (the bullet, the expander) is right when it is opened.
   */
  private countsChanged(id: number): void {
    if (!useNodes.getState().nodes[id]) return;
    const key = `node:${id}`;
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.fetchNode(id).then(
          (node) => this.controller.receive([node]),
          (error) => console.warn("实时更新节点失败", error),
        );
      }, LIST_SYNC_DEBOUNCE_MS),
    );
  }

  /** A link was removed: its row leaves the list now. */
  remove(parentId: number, relation: string, id: number): void {
    const list = getList(parentId, relation);
    if (!list) {
      this.countsChanged(parentId);
      return;
    }
    if (!list.ids.includes(id)) return;
    keepingCaret(() =>
      setList(listKey(parentId, relation), {
        ...list,
        ids: withoutId(list.ids, id),
        total: Math.max(0, list.total - 1),
      }),
    );
  }

  /** Deleted nodes leave every list that shows them. */
  removeEverywhere(ids: number[]): void {
    const gone = new Set(ids);
    for (const [key, list] of Object.entries(useNodes.getState().lists)) {
      const kept = list.ids.filter((id) => !gone.has(id));
      if (kept.length !== list.ids.length)
        keepingCaret(() =>
          setList(key, {
            ...list,
            ids: kept,
            total: Math.max(0, list.total - (list.ids.length - kept.length)),
          }),
        );
    }
  }

  private later(parentId: number, relation: string, attempt: number): void {
    if (attempt + 1 < MAX_ATTEMPTS) this.touch(parentId, relation, BUSY_RETRY_MS, attempt + 1);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Reads the list's loaded prefix again and puts it in place (see the class comment). */
  async refresh(parentId: number, relation: string, attempt = 0): Promise<void> {
    const key = listKey(parentId, relation);
    const busy = () => this.controller.structural.size > 0 || this.controller.hasWaitingReorder(key);
    if (this.controller.structural.size > 0) await this.controller.structural.idle();
    if (busy()) {
      this.later(parentId, relation, attempt);
      return;
    }
    const before = getList(parentId, relation);
    if (before?.status !== "ready") return;
    const size = Math.min(MAX_RELATION_PAGE_SIZE, Math.max(DEFAULT_RELATION_PAGE_SIZE, before.ids.length));
    let page: RelationsWithData;
    try {
      page = await this.fetch(parentId, relation, size);
    } catch (error) {
      console.warn("实时更新列表失败", error);
      return;
    }
    const now = getList(parentId, relation);
    if (!now) return;
    // The person edited this list while the answer was on its way: read it again once they are done.
    if (now.rev !== before.rev || busy()) {
      this.later(parentId, relation, attempt);
      return;
    }
    this.controller.receive(page.related_nodes);
    putRelationMeta(page.relations);
    const fresh = idsOfGroup(page.relations, parentId, relation);
    const total = page.pagination_info[relation]?.total ?? fresh.length;
    // Rows loaded beyond what one request returns stay after it (a list of more than 200 loaded rows).
    const ids = now.ids.length > fresh.length && total > fresh.length ? mergePage(fresh, now.ids) : fresh;
    keepingCaret(() => setList(key, { ...now, ids, total: Math.max(total, ids.length), status: "ready" }));
  }
}
