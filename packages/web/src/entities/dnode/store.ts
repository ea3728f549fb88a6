import { create } from "zustand";
import { listKey, splitListKey } from "./list-key";
import type { ChildList, Dnode } from "./types";

/**
 * The one node cache of the web (issue 13 step 6): nodes by id, child lists by `parent:relation`, and
 * the row keys of nodes saved under a temporary id. Normalised so a row subscribes to its own node and
 * re-renders only when that node changes, whatever happens to the 10,000 rows around it. Every screen
 * reads nodes here (through `cache.ts` outside the outliner); live updates land here.
 */
export interface NodeCacheState {
  nodes: Record<number, Dnode>;
  lists: Record<string, ChildList>;
  /** A saved node keeps the row key of the temporary id it was typed under (no remount, no lost caret). */
  aliases: Record<number, string>;
}

const emptyCache = (): NodeCacheState => ({ nodes: {}, lists: {}, aliases: {} });

export const useNodes = create<NodeCacheState>(emptyCache);

const set = useNodes.setState;
const get = useNodes.getState;

/** The stable key part of an id. */
export function keyOf(id: number, aliases = get().aliases): string {
  return aliases[id] ?? String(id);
}

/** A node held in the cache. */
export function cachedNode(id: number): Dnode | undefined {
  return get().nodes[id];
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
 * Puts server nodes in the cache. Nodes the user is editing (`keepLocal`) keep their local name, type and
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
): void {
  changeNode(id, (node) => ({
    ...node,
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.type !== undefined && { type: patch.type }),
    content: mergeContent(node.content, patch.content),
  }));
}

/** Any other local change to a held node (its place, its finish time); a node not held stays absent. */
export function changeNode(id: number, change: (node: Dnode) => Dnode | null): void {
  set((s) => {
    const node = s.nodes[id];
    const next = node && change(node);
    return next && next !== node ? { nodes: { ...s.nodes, [id]: next } } : s;
  });
}

export function getList(parentId: number, relation: string): ChildList | undefined {
  return get().lists[listKey(parentId, relation)];
}

/** Replaces a list as loaded from the server (rev unchanged: no local edit). */
export function setList(key: string, list: ChildList): void {
  set((s) => ({ lists: { ...s.lists, [key]: list } }));
}

/** Forgets a list (it is loaded again when next shown). */
export function dropList(key: string): void {
  set((s) => {
    if (!(key in s.lists)) return s;
    const lists = { ...s.lists };
    delete lists[key];
    return { lists };
  });
}

/** A local edit of a list: bumps its rev so loads in flight merge into it instead of replacing it. */
export function editList(key: string, edit: (list: ChildList) => Pick<ChildList, "ids" | "total">): void {
  set((s) => {
    const list = s.lists[key] ?? { ids: [], total: 0, status: "ready" as const, rev: 0 };
    const { ids, total } = edit(list);
    return { lists: { ...s.lists, [key]: { ...list, ids, total, rev: list.rev + 1 } } };
  });
}

/** Marks many child lists as loading in one cache update (they are requested right after). */
export function markLoading(keys: string[]): void {
  if (keys.length === 0) return;
  set((s) => {
    const lists = { ...s.lists };
    for (const key of keys) lists[key] = { ids: [], total: 0, status: "loading", rev: 0 };
    return { lists };
  });
}

/** The ids of the given nodes and all their loaded descendants under `childRelation`. */
export function loadedSubtree(ids: number[], childRelation: string): Set<number> {
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
 * A node typed under temporary id `from` was saved as `to`: the node, every list naming it and its row
 * key follow in one cache update (the row keeps its key, so it is not remounted under the caret).
 */
export function renameCachedNode(from: number, to: number, saved: Dnode): void {
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
}

/** Empties the cache (tests, logout). */
export function resetNodes(): void {
  set(emptyCache());
}
