import type { FlatRow } from "./flatten";

/**
 * The rows of the 已选 view (workspace-spec 2 SELECTEDNODE): each ticked row with what is open under it
 * (a tick takes a node with its subtree, as Delete and Ctrl+X do), and the rows above it that lead there
 * (its ancestors and group header), so a ticked row is always seen in its place.
 */
export function selectedRowsOnly(rows: readonly FlatRow[], keep: (key: string) => boolean): FlatRow[] {
  const shown: FlatRow[] = [];
  // The rows above the current one, nearest last, and whether each is already shown.
  const above: { row: FlatRow; shown: boolean }[] = [];
  // Inside a kept row's subtree, everything deeper than it is shown.
  let subtreeDepth = Number.POSITIVE_INFINITY;

  for (const row of rows) {
    if (row.depth > subtreeDepth) {
      shown.push(row);
      continue;
    }
    subtreeDepth = Number.POSITIVE_INFINITY;
    while (above.length > 0 && above[above.length - 1].row.depth >= row.depth) above.pop();
    if (row.kind === "node" && keep(row.key)) {
      for (const entry of above)
        if (!entry.shown) {
          shown.push(entry.row);
          entry.shown = true;
        }
      shown.push(row);
      subtreeDepth = row.depth;
    } else if (row.kind === "node" || row.kind === "group") above.push({ row, shown: false });
  }
  return shown;
}
