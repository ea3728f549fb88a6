import { upsertNodes, useOutline } from "../../features/outliner/store";
import type { Dnode } from "./types";

/**
 * The one node cache, as screens other than the outliner read and fill it. Nodes by id live in the
 * outliner's store today (issue 13 step 6 moves the store here); screens go through this door, not
 * the outliner's insides, so the move changes no screen.
 */
export function useCachedNode(id: number): Dnode | undefined {
  return useOutline((s) => s.nodes[id]);
}

/** Puts server copies of nodes in the cache (an older version never replaces a newer one). */
export function cacheNodes(nodes: Dnode[]): void {
  upsertNodes(nodes);
}
