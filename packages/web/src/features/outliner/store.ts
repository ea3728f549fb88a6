import { create } from "zustand";
import type { ChildList, Dnode } from "../../entities/dnode/types";
import { listKey } from "./view-id";
import {
  readViewStatuses,
  type ViewStatus,
  type ViewStatuses,
  withoutChildrenOf,
  withRenamedNode,
  withStatus,
  withStatuses,
  writeViewStatuses,
} from "./view-status";

/**
 * The outline store: nodes by id, child lists by `parent:relation`, view states by view id. Normalised
 * so a row subscribes to its own node and re-renders only when that node changes, whatever happens to
 * the 10,000 rows around it.
 */

export interface FocusRequest {
  /** The row key to focus (see flatten.ts). */
  key: string;
  /** Where the caret goes: an offset, or the start / end of the name. */
  caret: number | "start" | "end";
  /** Edit the name (the textarea) or just select the row (the treeitem). */
  edit: boolean;
  seq: number;
}

export interface OutlineState {
  nodes: Record<number, Dnode>;
  lists: Record<string, ChildList>;
  views: ViewStatuses;
  /** A saved node keeps the row key of the temporary id it was typed under (no remount, no lost caret). */
  aliases: Record<number, string>;
  focus: FocusRequest | null;
  /** The selected row (aria-selected) and whether its name is being edited. */
  active: { key: string; editing: boolean } | null;
  /** The key and info of the relation showing each row, by row view id (relation-meta.ts). */
  relationMeta: Record<string, RelationMeta>;
}

/** What a row shows of the relation that puts it under its parent (workspace-spec 3 "Relation record"). */
export interface RelationMeta {
  key: string | null;
  info: Record<string, unknown>;
}

/** A store with nothing loaded; the view states come back from local storage. */
const emptyState = (): OutlineState => ({
  nodes: {},
  lists: {},
  views: readViewStatuses(),
  aliases: {},
  focus: null,
  active: null,
  relationMeta: {},
});

export const useOutline = create<OutlineState>(emptyState);

const set = useOutline.setState;
const get = useOutline.getState;

/** The stable key part of an id. */
export function keyOf(id: number, aliases = get().aliases): string {
  return aliases[id] ?? String(id);
}

/** Content keys merge; a key set to null is removed (the server's update rule, applied locally). */
export function mergeContent(
  content: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!patch) return content;
  const next = { ...content };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * Puts server nodes in the store. Nodes the user is editing (`keepLocal`) keep their local name, type and
 * content, so a page arriving mid-typing never overwrites what was just typed; a copy older than the
 * one held (a list requested before a save answered) is ignored.
 */
export function upsertNodes(nodes: Dnode[], keepLocal: (id: number) => boolean = () => false): void {
  if (nodes.length === 0) return;
  set((s) => {
    const next = { ...s.nodes };
    for (const node of nodes) {
      const local = next[node.id];
      if (local?.version !== undefined && node.version !== undefined && node.version < local.version)
        continue;
      next[node.id] =
        local && keepLocal(node.id)
          ? { ...node, name: local.name, type: local.type, content: local.content }
          : node;
    }
    return { nodes: next };
  });
}

/** A local change to one node (name, type, content keys). */
export function patchNode(
  id: number,
  patch: { name?: string; type?: string; content?: Record<string, unknown> },
) {
  set((s) => {
    const node = s.nodes[id];
    if (!node) return s;
    return {
      nodes: {
        ...s.nodes,
        [id]: {
          ...node,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.type !== undefined && { type: patch.type }),
          content: mergeContent(node.content, patch.content),
        },
      },
    };
  });
}

export function getList(parentId: number, relation: string): ChildList | undefined {
  return get().lists[listKey(parentId, relation)];
}

/** Replaces a list as loaded from the server (rev unchanged: no local edit). */
export function setList(key: string, list: ChildList): void {
  set((s) => ({ lists: { ...s.lists, [key]: list } }));
}

/** A local edit of a list: bumps its rev so loads in flight merge into it instead of replacing it. */
export function editList(key: string, edit: (list: ChildList) => Pick<ChildList, "ids" | "total">): void {
  set((s) => {
    const list = s.lists[key] ?? { ids: [], total: 0, status: "ready" as const, rev: 0 };
    const { ids, total } = edit(list);
    return { lists: { ...s.lists, [key]: { ...list, ids, total, rev: list.rev + 1 } } };
  });
}

function saveViews(views: ViewStatuses): void {
  set({ views });
  writeViewStatuses(views);
}

/** Changes and persists one view's state. */
export function setViewStatus(viewId: string, patch: ViewStatus): void {
  saveViews(withStatus(get().views, viewId, patch));
}

/** Forgets the view states of every loaded descendant of a row being collapsed (workspace-spec 4). */
export function clearDescendantViews(id: number, childRelation: string): void {
  saveViews(withoutChildrenOf(get().views, loadedSubtree([id], childRelation)));
}

/** The ids of the given nodes and all their loaded descendants. */
function loadedSubtree(ids: number[], childRelation: string): Set<number> {
  const lists = get().lists;
  const parents = new Set<number>();
  const walk = (parentId: number) => {
    if (parents.has(parentId)) return;
    parents.add(parentId);
    for (const child of lists[listKey(parentId, childRelation)]?.ids ?? []) walk(child);
  };
  for (const id of ids) walk(id);
  return parents;
}

/**
 * Opens or closes many rows with one store update and one storage write (a level change may touch
 * hundreds). Closing clears the closed rows' descendant views, as a single collapse does.
 */
export function setRowsExpanded(
  rows: ReadonlyArray<{ id: number; viewId: string }>,
  expanded: boolean,
  childRelation: string,
): void {
  if (rows.length === 0) return;
  const base = expanded
    ? get().views
    : withoutChildrenOf(
        get().views,
        loadedSubtree(
          rows.map((r) => r.id),
          childRelation,
        ),
      );
  saveViews(
    withStatuses(
      base,
      rows.map((r) => [r.viewId, { expanded }] as const),
    ),
  );
}

/** Marks many child lists as loading in one store update (they are requested right after). */
export function markLoading(keys: string[]): void {
  if (keys.length === 0) return;
  set((s) => {
    const lists = { ...s.lists };
    for (const key of keys) lists[key] = { ids: [], total: 0, status: "loading", rev: 0 };
    return { lists };
  });
}

/** True when the view's row is open. */
export function isExpanded(views: ViewStatuses, viewId: string): boolean {
  return views[viewId]?.expanded === true;
}

/** A node typed under temporary id `from` was saved as `to`: everything that named it follows. */
export function renameNode(from: number, to: number, saved: Dnode): void {
  set((s) => {
    const nodes = { ...s.nodes };
    const local = nodes[from];
    delete nodes[from];
    nodes[to] = local ? { ...saved, name: local.name, type: local.type, content: local.content } : saved;
    const lists: Record<string, ChildList> = {};
    for (const [key, list] of Object.entries(s.lists)) {
      const [parent, relation] = splitListKey(key);
      const newKey = parent === from ? listKey(to, relation) : key;
      lists[newKey] = list.ids.includes(from)
        ? { ...list, ids: list.ids.map((x) => (x === from ? to : x)) }
        : list;
    }
    return { nodes, lists, aliases: { ...s.aliases, [to]: s.aliases[from] ?? String(from) } };
  });
  saveViews(withRenamedNode(get().views, from, to));
}

function splitListKey(key: string): [number, string] {
  const at = key.indexOf(":");
  return [Number(key.slice(0, at)), key.slice(at + 1)];
}

let focusSeq = 0;

/** Asks the row with `key` to take focus once it is rendered (it may be scrolled out of the window). */
export function requestFocus(key: string, caret: FocusRequest["caret"] = "end", edit = true): void {
  set({ focus: { key, caret, edit, seq: ++focusSeq } });
}

/** The row took the focus it was asked to. */
export function focusDone(seq: number): void {
  if (get().focus?.seq === seq) set({ focus: null });
}

export function setActive(key: string, editing: boolean): void {
  const active = get().active;
  if (active?.key !== key || active.editing !== editing) set({ active: { key, editing } });
}

/** Empties the store (tests, logout). */
export function resetOutline(): void {
  set(emptyState());
}
