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

/**
 * jsdom lays nothing out: gives the tree's scroll box a size (`treeHeight` px high, 800 wide) and every
 * row slot 32 px, so the virtualiser renders rows. Call it in `beforeAll`.
 */
export function stubTreeLayout(treeHeight: number): void {
  for (const [prop, className, size] of [
    ["clientHeight", "ol-tree", treeHeight],
    ["clientWidth", "ol-tree", 800],
    ["offsetHeight", "ol-slot", 32],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains(className) ? size : 0;
      },
    });
}
