import type { Page } from "playwright-core";
import { expect } from "vitest";

/** GET /api/dnode/{id}/id_tree: a node's main subtree. */
export interface IdTree {
  id: number;
  name: string;
  type: string;
  children: IdTree[];
}

/** A subtree's children as nested names: a leaf is its name, a parent `[name, children]`. */
export function outlineOf(tree: IdTree): unknown[] {
  const walk = (node: IdTree): unknown =>
    node.children.length ? [node.name, node.children.map(walk)] : node.name;
  return tree.children.map(walk);
}

/** Waits until `read` finds `expected` on the server (saves are debounced, moves batched for 500 ms). */
export async function untilServerHas(read: () => Promise<IdTree>, expected: unknown[]): Promise<void> {
  await expect
    .poll(async () => outlineOf(await read()), { timeout: 15_000, interval: 200 })
    .toEqual(expected);
}

/** The rows on screen: level and name, in order. */
export function visibleRows(page: Page): Promise<[number, string][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="treeitem"]')]
      .filter((row) => row.querySelector("textarea"))
      .map((row) => [
        Number(row.getAttribute("aria-level")),
        (row.querySelector("textarea") as HTMLTextAreaElement).value,
      ]),
  );
}
