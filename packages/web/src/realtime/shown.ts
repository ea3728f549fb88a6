import { useEffect, useRef } from "react";
import { upsertNodes, useNodes } from "../entities/dnode/store";
import type { Dnode } from "../entities/dnode/types";

/**
 * Nodes shown outside the outliner's lists (cards on home, profile and knowledge pages), counted per
 * mounted view, so the live connection watches them too and their views read the one node cache.
 */
const counts = new Map<number, number>();
const listeners = new Set<() => void>();

export function shownIds(): IterableIterator<number> {
  return counts.keys();
}

/** Calls `listener` whenever the set changes; returns the unsubscribe. */
export function onShownChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function change(id: number, by: 1 | -1): void {
  const next = (counts.get(id) ?? 0) + by;
  if (next > 0) counts.set(id, next);
  else counts.delete(id);
  for (const listener of listeners) listener();
}

/**
 * A node as a view outside the lists shows it: the cache's copy when it is at least as new as the one
 * the view loaded (a rename made elsewhere arrives there), watched while the view is mounted.
 */
export function useLiveNode<T extends Dnode>(node: T): T {
  const { id, version } = node;
  const cached = useNodes((s) => s.nodes[id]);
  const live = !node.locked;
  const latest = useRef(node);
  latest.current = node;
  // Keyed by id and version, not by the object: a view may hand over a fresh copy on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another node at the same version is cached too
  useEffect(() => {
    // The cache keeps a newer copy it already holds (versions never go back).
    if (live && version !== undefined) upsertNodes([latest.current]);
  }, [id, live, version]);
  useEffect(() => {
    if (!live) return;
    change(id, 1);
    return () => change(id, -1);
  }, [id, live]);
  return live && cached && (cached.version ?? 0) >= (version ?? 0) ? { ...node, ...cached } : node;
}
