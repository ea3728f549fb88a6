import type { Relation } from "../../entities/dnode/types";
import { type RelationMeta, useOutline } from "./store";
import { rowViewId } from "./view-id";

/**
 * The key and info of the relations that put rows under their parents, kept by row view id as pages
 * arrive. Only relations with something to show are kept, so a page of 40 plain children costs nothing;
 * a relation that lost its info is forgotten. Optimistic edits (a typed row, a move) have none until the
 * list is loaded again.
 */
export function putRelationMeta(relations: readonly Relation[]): void {
  if (relations.length === 0) return;
  const state = useOutline.getState().relationMeta;
  let next: Record<string, RelationMeta> | null = null;
  for (const relation of relations) {
    const viewId = rowViewId(relation.xnode, relation.relation_name, relation.ynode);
    const info = relation.info ?? {};
    const key = relation.key ?? null;
    const shown = key !== null || Object.keys(info).length > 0;
    if (!shown && !(viewId in state)) continue;
    next ??= { ...state };
    if (shown) next[viewId] = { key, info };
    else delete next[viewId];
  }
  if (next) useOutline.setState({ relationMeta: next });
}
