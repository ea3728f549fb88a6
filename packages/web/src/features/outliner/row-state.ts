import { useCallback, useRef, useSyncExternalStore } from "react";
import { listKey } from "../../entities/dnode/list-key";
import { type NodeCacheState, useNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { NESTED_RELATION } from "./core";
import type { NodeRow } from "./flatten";
import { type FocusRequest, type OutlineState, type RelationMeta, useOutline } from "./store";

/** What one row reads from the node cache and the outline store. */
export interface RowState {
  node: Dnode | undefined;
  /** The server's count of the row's children, once their list is loaded. */
  childTotal: number | undefined;
  /** The store's active row, when it is this one. */
  active: OutlineState["active"];
  /** A focus request for this row: to select it (`edit` false) or to put the caret in its name. */
  focus: FocusRequest | null;
  /** The tags' relation, by the row's view id. */
  meta: RelationMeta | undefined;
}

function pick(cache: NodeCacheState, s: OutlineState, row: NodeRow, previous: RowState | null): RowState {
  const node = cache.nodes[row.id];
  const childTotal = cache.lists[listKey(row.id, NESTED_RELATION)]?.total;
  const active = s.active?.key === row.key ? s.active : null;
  const focus = s.focus?.key === row.key ? s.focus : null;
  const meta = s.relationMeta[row.viewId];
  if (
    previous &&
    previous.node === node &&
    previous.childTotal === childTotal &&
    previous.active === active &&
    previous.focus === focus &&
    previous.meta === meta
  )
    return previous;
  return { node, childTotal, active, focus, meta };
}

/** Both stores a row reads, as one subscription. */
function subscribeBoth(onChange: () => void): () => void {
  const offNodes = useNodes.subscribe(onChange);
  const offOutline = useOutline.subscribe(onChange);
  return () => {
    offNodes();
    offOutline();
  };
}

/**
 * A row's part of the node cache and the outline store, in one subscription. Rows mount and unmount on every frame of a
 * fast scroll; one subscription each (rather than one per value, in the row and in its name editor and
 * tags) is less work and far less garbage for each of them. The same object comes back while nothing
 * of the row changed, so a change elsewhere in the store re-renders no row.
 */
export function useRowState(row: NodeRow): RowState {
  const last = useRef<RowState | null>(null);
  const getSnapshot = useCallback(() => {
    last.current = pick(useNodes.getState(), useOutline.getState(), row, last.current);
    return last.current;
  }, [row]);
  return useSyncExternalStore(subscribeBoth, getSnapshot);
}
