import type { IdTree } from "../../entities/dnode/api";
import { getList } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import type { OutlineCore } from "./core";
import { NESTED_RELATION } from "./core";
import { chunksOf } from "./merge-plan";
import type { OutlineItem } from "./outline-paste-text";

/** How deep a copy follows rows (a guard against a loop of links). */
const MAX_DEPTH = 100;

/** Content keys the server keeps to itself or refuses on create. */
export function withoutServerKeys(content: Record<string, unknown>): Record<string, unknown> {
  const { to_updates: _updates, ...rest } = content;
  return rest;
}

const itemOfNode = (
  node: Pick<Dnode, "name" | "type" | "content">,
  children: OutlineItem[],
): OutlineItem => ({
  name: node.name,
  type: node.type,
  content: withoutServerKeys(node.content),
  children,
});

/**
 * The rows of a copy from what the page holds: each selected row with the lists loaded under it. Also
 * says whether some row under them has children that were never loaded (the copy is then completed from
 * the server, `completeItems`).
 */
export function loadedItems(
  controller: OutlineCore,
  ids: readonly number[],
): { items: OutlineItem[]; partial: boolean } {
  let partial = false;
  const itemOf = (id: number, depth: number): OutlineItem | null => {
    const node = controller.node(id);
    if (!node) return null;
    const list = getList(controller.current(id), NESTED_RELATION);
    if (!list && controller.childCount(id) > 0) partial = true;
    const children = depth > MAX_DEPTH ? [] : (list?.ids ?? []);
    return itemOfNode(
      node,
      children.map((c) => itemOf(c, depth + 1)).filter((c): c is OutlineItem => c !== null),
    );
  };
  const items = ids.map((id) => itemOf(id, 0)).filter((c): c is OutlineItem => c !== null);
  return { items, partial };
}

/**
 * The rows of a copy with everything under them: loaded lists from the page (with rows typed and not yet
 * saved), rows never opened from the server (their main subtree and each node's fields).
 */
export async function completeItems(controller: OutlineCore, ids: readonly number[]): Promise<OutlineItem[]> {
  const itemOf = async (id: number, depth: number): Promise<OutlineItem | null> => {
    const node = controller.node(id);
    if (!node) return null;
    const list = getList(controller.current(id), NESTED_RELATION);
    if (!list && controller.childCount(id) > 0 && controller.current(id) > 0)
      return serverItem(controller, controller.current(id));
    const children = depth > MAX_DEPTH ? [] : (list?.ids ?? []);
    const items = await Promise.all(children.map((c) => itemOf(c, depth + 1)));
    return itemOfNode(
      node,
      items.filter((c): c is OutlineItem => c !== null),
    );
  };
  const items = await Promise.all(ids.map((id) => itemOf(id, 0)));
  return items.filter((c): c is OutlineItem => c !== null);
}

/** A node's main subtree from the server, with every node's type and fields. */
async function serverItem(controller: OutlineCore, id: number): Promise<OutlineItem> {
  const tree = await controller.deps.api.idTree(id);
  const ids: number[] = [];
  const walk = (t: IdTree) => {
    ids.push(t.id);
    for (const child of t.children) walk(child);
  };
  walk(tree);
  const nodes = new Map<number, Dnode>();
  for (const chunk of chunksOf(ids))
    for (const node of await controller.deps.api.byIds(chunk)) nodes.set(node.id, node);
  const build = (t: IdTree): OutlineItem =>
    itemOfNode(nodes.get(t.id) ?? { name: t.name, type: t.type, content: {} }, t.children.map(build));
  return build(tree);
}
