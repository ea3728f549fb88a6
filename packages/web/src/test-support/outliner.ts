import { act, fireEvent, screen } from "@testing-library/react";
import type { ChildList } from "../entities/dnode/types";
import { sharedController } from "../features/outliner/context";
import { type FlatRow, flattenTree } from "../features/outliner/flatten";

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

// ---- the rendered node page, as a person reads and types it

/** Every row's name editor, top to bottom. */
export const editors = () =>
  screen.queryAllByRole("textbox", { name: "知识点名称" }) as HTMLTextAreaElement[];
/** The names on screen, top to bottom. */
export const names = () => editors().map((e) => e.value);
/** The name editor showing this name. */
export const editorOf = (name: string) => editors().find((e) => e.value === name)!;
/** The row (treeitem) whose name editor shows this name. */
export const rowOf = (name: string) => editorOf(name).closest('[role="treeitem"]') as HTMLElement;
/** Every edit made so far has reached the (fake) server. */
export const settled = () => act(() => sharedController().core.settled());
/** Types a whole new value into a name editor, the caret at its end. */
export const typeName = (el: HTMLTextAreaElement, value: string) =>
  fireEvent.change(el, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
