import { compareProcesses, SUBPROCESS_RELATIONS } from "@zhishu/shared";
import type { NodeCacheState } from "../../entities/dnode/store";
import type { ChildList, Dnode } from "../../entities/dnode/types";

/**
 * The children of a process show in the spec's order (workspace-spec 4 "Children sort": running,
 * sub_running, paused, draft, completed; latest first within each), by shared's comparison. Only the
 * child processes move: other children (notes, steps) keep their places, and the processes fill the
 * remaining places in sorted order, so a note typed between two processes stays where it was typed.
 */

/** A row typed a moment ago has no creation time yet: it is the newest draft. */
const FUTURE = "9999-12-31T00:00:00.000Z";

/** `ids` with the processes among them in the spec's order, other rows where they were. */
export function sortProcessChildren(
  ids: readonly number[],
  nodes: Readonly<Record<number, Dnode>>,
): number[] {
  const slots: number[] = [];
  const processes: Dnode[] = [];
  ids.forEach((id, at) => {
    const node = nodes[id];
    if (node?.type === "PROCESS") {
      slots.push(at);
      processes.push(node);
    }
  });
  if (processes.length < 2) return ids as number[];
  const sorted = processes
    .map((node) => ({ node, content: node.content, created_at: node.created_at ?? FUTURE }))
    .sort(compareProcesses);
  // The loaded list itself when nothing moves: callers tell "no reordering" by identity.
  if (sorted.every((entry, i) => entry.node === processes[i])) return ids as number[];
  const out = [...ids];
  slots.forEach((at, i) => {
    out[at] = sorted[i].node.id;
  });
  return out;
}

const SORTED_RELATIONS: ReadonlySet<string> = new Set(SUBPROCESS_RELATIONS);

interface Cached {
  list: ChildList;
  children: Array<Dnode | undefined>;
  order: number[];
}

/**
 * A store selector giving the display order of every loaded child list of a process (`parent:relation`
 * -> ids), or the same object as last time when no order changed, so the tree re-flattens only when a
 * status change actually moves a row. Each list is re-sorted only when it or one of its children changed.
 */
export function createProcessOrder(): (s: NodeCacheState) => Record<string, number[]> {
  const cache = new Map<string, Cached>();
  let last: Record<string, number[]> = {};
  let seen: Pick<NodeCacheState, "nodes" | "lists"> | null = null;
  return (s) => {
    // An alias added by a save touches neither nodes nor lists: nothing to look at.
    if (seen && seen.nodes === s.nodes && seen.lists === s.lists) return last;
    seen = { nodes: s.nodes, lists: s.lists };
    const next: Record<string, number[]> = {};
    let changed = false;
    for (const [key, list] of Object.entries(s.lists)) {
      const at = key.indexOf(":");
      if (!SORTED_RELATIONS.has(key.slice(at + 1))) continue;
      if (s.nodes[Number(key.slice(0, at))]?.type !== "PROCESS") continue;
      const children = list.ids.map((id) => s.nodes[id]);
      const hit = cache.get(key);
      const order =
        hit && hit.list === list && hit.children.every((c, i) => c === children[i])
          ? hit.order
          : sortProcessChildren(list.ids, s.nodes);
      cache.set(key, { list, children, order });
      if (order === list.ids) continue;
      next[key] = order;
      const before = last[key];
      if (!before || before.length !== order.length || before.some((id, i) => id !== order[i]))
        changed = true;
    }
    if (!changed && Object.keys(next).length === Object.keys(last).length) return last;
    last = next;
    return last;
  };
}
