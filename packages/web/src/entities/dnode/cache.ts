import { upsertNodes, useNodes } from "./store";
import type { Dnode } from "./types";

/**
 * The node cache as screens other than the outliner read and fill it: one node by id, and server copies
 * put in. The cache itself is `store.ts`; screens use these two doors rather than its lists and keys.
 */
export function useCachedNode(id: number): Dnode | undefined {
  return useNodes((s) => s.nodes[id]);
}

/** Puts server copies of nodes in the cache (an older version never replaces a newer one). */
export function cacheNodes(nodes: Dnode[]): void {
  upsertNodes(nodes);
}
