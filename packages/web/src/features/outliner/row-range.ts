import { type FlatRow, isNodeRow, type NodeRow } from "./flatten";

/**
 * Pure walks over the visible rows for the keys of selected rows (issue 19 items 3, 4 and 7): ranges,
 * the rows a block edit moves, and jumps to the ends or a screen away.
 */

/** The node rows from one key to another, both included, in screen order (either may come first). */
export function rangeBetween(rows: readonly FlatRow[], fromKey: string, toKey: string): NodeRow[] {
  const a = rows.findIndex((r) => r.key === fromKey);
  const b = rows.findIndex((r) => r.key === toKey);
  if (a < 0 || b < 0) return [];
  return rows.slice(Math.min(a, b), Math.max(a, b) + 1).filter(isNodeRow);
}

/** The selected rows that are not inside another selected row, in screen order: what a block edit moves. */
export function topLevelRows(rows: readonly FlatRow[], selected: ReadonlySet<string>): NodeRow[] {
  const result: NodeRow[] = [];
  let insideDepth = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (!isNodeRow(row)) continue;
    if (row.depth > insideDepth) continue;
    insideDepth = Number.POSITIVE_INFINITY;
    if (selected.has(row.key)) {
      result.push(row);
      insideDepth = row.depth;
    }
  }
  return result;
}

/** True when the rows are siblings next to each other in one list (a block Alt+↑/↓ can move). */
export function isSiblingRun(rows: readonly NodeRow[], listIds: readonly number[]): boolean {
  if (rows.length === 0) return false;
  const first = rows[0]!;
  if (rows.some((r) => r.parentId !== first.parentId || r.relation !== first.relation)) return false;
  const at = rows.map((r) => listIds.indexOf(r.id));
  return at.every((i, n) => i >= 0 && (n === 0 || i === at[n - 1]! + 1));
}

/** The first or last node row on screen (Home / End in the selected state). */
export function endRow(rows: readonly FlatRow[], which: "first" | "last"): NodeRow | null {
  const nodes = which === "first" ? rows : [...rows].reverse();
  return nodes.find(isNodeRow) ?? null;
}

/** The node row `count` node rows away (PageUp / PageDown), stopping at the ends. */
export function rowsAway(rows: readonly FlatRow[], key: string, count: number): NodeRow | null {
  const at = rows.findIndex((r) => r.key === key);
  if (at < 0) return null;
  const step = count < 0 ? -1 : 1;
  let last: NodeRow | null = null;
  let left = Math.abs(count);
  for (let i = at + step; i >= 0 && i < rows.length && left > 0; i += step) {
    const row = rows[i];
    if (isNodeRow(row)) {
      last = row;
      left--;
    }
  }
  return last;
}
