/** The smallest gap kept between neighbouring orders; below it the siblings are renumbered 1..n. */
export const MIN_ORDER_GAP = 0.01;

/**
 * The order for an item placed between two neighbours (either may be missing): the midpoint, or
 * first − 1, or last + 1, or 1 in an empty list. Null means the gap is too small: renumber first.
 */
export function orderBetween(
  prev: number | null | undefined,
  next: number | null | undefined,
): number | null {
  const hasPrev = prev !== null && prev !== undefined;
  const hasNext = next !== null && next !== undefined;
  if (hasPrev && hasNext) return next - prev < MIN_ORDER_GAP ? null : (prev + next) / 2;
  if (hasNext) return next - 1;
  if (hasPrev) return prev + 1;
  return 1;
}
