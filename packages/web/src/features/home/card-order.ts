/**
 * Where a dragged card lands: the list after moving `dragged` to just before `target` (or to the end
 * when target is null), and the id it now stands before (null when last) — what the move call needs.
 */
export function reorder<T extends { id: number }>(
  cards: T[],
  draggedId: number,
  targetId: number | null,
): { cards: T[]; beforeId: number | null } | null {
  if (draggedId === targetId) return null;
  const dragged = cards.find((c) => c.id === draggedId);
  if (!dragged) return null;
  const rest = cards.filter((c) => c.id !== draggedId);
  const at = targetId === null ? rest.length : rest.findIndex((c) => c.id === targetId);
  if (at < 0) return null;
  const next = [...rest.slice(0, at), dragged, ...rest.slice(at)];
  if (next.every((c, i) => c.id === cards[i]!.id)) return null;
  return { cards: next, beforeId: next[at + 1]?.id ?? null };
}
