/**
 * Pure operations on the node cache's child lists (store.ts). Every optimistic edit is one of these, and
 * every rollback is its inverse, so they are tested on their own.
 */

/** A copy with `id` inserted at `index` (clamped to the list). */
export function insertAt(ids: readonly number[], index: number, id: number): number[] {
  const at = Math.max(0, Math.min(index, ids.length));
  return [...ids.slice(0, at), id, ...ids.slice(at)];
}

/** A copy without `id`. */
export function withoutId(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** A copy with the item at `from` moved to `to`. */
export function moveWithin(ids: readonly number[], from: number, to: number): number[] {
  const copy = [...ids];
  const [item] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}

/** Where a row stood, so a refused edit can put it back between the same neighbours. */
export interface Placement {
  listKey: string;
  index: number;
  prev: number | null;
  next: number | null;
}

/** The placement of `id` in `ids`, or null when absent. */
export function placementOf(listKey: string, ids: readonly number[], id: number): Placement | null {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  return { listKey, index, prev: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}

/**
 * Puts `id` back where it stood: after its old previous sibling if that is still there, else before
 * its old next one, else at its old index. Later edits by the user in between survive.
 */
export function placeBack(ids: readonly number[], id: number, placement: Placement): number[] {
  const rest = withoutId(ids, id);
  if (placement.prev !== null) {
    const at = rest.indexOf(placement.prev);
    if (at >= 0) return insertAt(rest, at + 1, id);
  }
  if (placement.next !== null) {
    const at = rest.indexOf(placement.next);
    if (at >= 0) return insertAt(rest, at, id);
  }
  return insertAt(rest, placement.index, id);
}

/**
 * Adds a page of server ids to a loaded list, dropping ids it already holds (a page may overlap what
 * local inserts pushed across the page boundary). `before` puts the page first: a first page arriving
 * after the user already added rows to a list that was not loaded yet.
 */
export function mergePage(local: readonly number[], page: readonly number[], before = false): number[] {
  const seen = new Set<number>();
  const result: number[] = [];
  for (const id of before ? [...page, ...local] : [...local, ...page]) {
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
  }
  return result;
}

/** The order of `snapshot` for the ids still in `current`, then any newer ids in their current order. */
export function restoreOrder(current: readonly number[], snapshot: readonly number[]): number[] {
  const present = new Set(current);
  const restored = snapshot.filter((id) => present.has(id));
  const kept = new Set(restored);
  return [...restored, ...current.filter((id) => !kept.has(id))];
}

/** A copy with every `from` replaced by `to` (a saved node getting its real id). */
export function replaceId(ids: readonly number[], from: number, to: number): number[] {
  return ids.map((x) => (x === from ? to : x));
}
