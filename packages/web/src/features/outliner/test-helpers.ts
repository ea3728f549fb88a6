import { type FlatRow, flattenTree } from "./flatten";
import type { ChildList } from "./types";

/** A loaded child list. */
export const ready = (ids: number[], total = ids.length): ChildList => ({
  ids,
  total,
  status: "ready",
  rev: 0,
});

/** The visible rows of node 1's page for these lists (flat), expanding the given view ids. */
export function flat(
  lists: Record<string, ChildList | undefined>,
  expanded: string[] = [],
  extra: Partial<Parameters<typeof flattenTree>[0]> = {},
): FlatRow[] {
  return flattenTree({
    rootId: 1,
    groups: ["CHILD_NODE"],
    grouped: false,
    lists,
    isExpanded: (v) => expanded.includes(v),
    isGroupCollapsed: () => false,
    keyOf: String,
    childRelation: "CHILD_NODE",
    ...extra,
  });
}
