import { listKey } from "../../entities/dnode/list-key";
import type { ChildList } from "../../entities/dnode/types";
import { rowViewId } from "./view-id";

/**
 * The visible tree as one flat list of rows: what the virtualised view renders a window of, and what
 * keyboard navigation walks. Rebuilt only when structure or expansion changes, never on typing.
 */

export interface NodeRow {
  kind: "node";
  /** Stable across a temporary id becoming a real one: the React key, focus target and active row. */
  key: string;
  viewId: string;
  id: number;
  parentId: number;
  relation: string;
  /** aria-level: 1 for the page's own children (2 under group headers). */
  depth: number;
  /** Position among its siblings and their count on the server (aria-posinset / aria-setsize). */
  index: number;
  setSize: number;
  expanded: boolean;
}

export interface GroupRow {
  kind: "group";
  key: string;
  relation: string;
  depth: number;
  count: number;
  collapsed: boolean;
}

export interface MoreRow {
  kind: "more";
  key: string;
  parentId: number;
  relation: string;
  depth: number;
  remaining: number;
  loading: boolean;
}

export interface LoadingRow {
  kind: "loading";
  key: string;
  parentId: number;
  relation: string;
  depth: number;
  error?: string;
}

export type FlatRow = NodeRow | GroupRow | MoreRow | LoadingRow;

export interface FlattenInput {
  rootId: number;
  /** The page's relation groups, in display order. */
  groups: string[];
  /** Under collapsible headers, or one flat list. */
  grouped: boolean;
  lists: Readonly<Record<string, ChildList | undefined>>;
  isExpanded: (viewId: string) => boolean;
  isGroupCollapsed: (relation: string) => boolean;
  /** The stable key part of an id (a saved node keeps the key of its temporary id). */
  keyOf: (id: number) => string;
  /** The relation nested rows show as their children. */
  childRelation: string;
  /** Prefix of every row key: tells apart two trees on screen showing the same rows. */
  scope?: string;
  /** Lists shown in another order than loaded (a process's children by status), by list key. */
  order?: Readonly<Record<string, readonly number[]>>;
}

/** The visible rows, depth first. A node already on the path above is not opened again (reference loops). */
export function flattenTree(input: FlattenInput): FlatRow[] {
  const rows: FlatRow[] = [];
  const path = new Set<number>([input.rootId]);
  const scope = input.scope ?? "";

  const pushList = (parentId: number, relation: string, depth: number) => {
    const key = listKey(parentId, relation);
    const list = input.lists[key];
    const parentKey = `${scope}${input.keyOf(parentId)}:${relation}`;
    if (!list || (list.status !== "ready" && list.ids.length === 0)) {
      rows.push({
        kind: "loading",
        key: `${parentKey}/…`,
        parentId,
        relation,
        depth,
        error: list?.status === "error" ? list.error : undefined,
      });
      return;
    }
    const setSize = Math.max(list.total, list.ids.length);
    (input.order?.[key] ?? list.ids).forEach((id, index) => {
      const viewId = rowViewId(parentId, relation, id);
      const open = !path.has(id) && input.isExpanded(viewId);
      rows.push({
        kind: "node",
        key: `${parentKey}/${input.keyOf(id)}`,
        viewId,
        id,
        parentId,
        relation,
        depth,
        index,
        setSize,
        expanded: open,
      });
      if (open) {
        path.add(id);
        pushList(id, input.childRelation, depth + 1);
        path.delete(id);
      }
    });
    if (list.ids.length < list.total)
      rows.push({
        kind: "more",
        key: `${parentKey}/+`,
        parentId,
        relation,
        depth,
        remaining: list.total - list.ids.length,
        loading: list.status === "loading",
      });
  };

  for (const relation of input.groups) {
    if (input.grouped) {
      const collapsed = input.isGroupCollapsed(relation);
      const list = input.lists[listKey(input.rootId, relation)];
      rows.push({
        kind: "group",
        key: `${scope}group:${relation}`,
        relation,
        depth: 1,
        count: list ? Math.max(list.total, list.ids.length) : 0,
        collapsed,
      });
      if (collapsed) continue;
    }
    pushList(input.rootId, relation, input.grouped ? 2 : 1);
  }
  return rows;
}

/** The node rows only: what arrow keys move between. */
export function isNodeRow(row: FlatRow | undefined): row is NodeRow {
  return row?.kind === "node";
}

/** The nearest node row before (-1) or after (+1) the row with `key`, or null at the ends. */
export function neighbourRow(rows: readonly FlatRow[], key: string, direction: -1 | 1): NodeRow | null {
  const at = rows.findIndex((r) => r.key === key);
  if (at < 0) return null;
  for (let i = at + direction; i >= 0 && i < rows.length; i += direction) {
    const row = rows[i];
    if (isNodeRow(row)) return row;
  }
  return null;
}

/** The row of the node's parent in the visible tree (null for the page's own children). */
export function parentRow(rows: readonly FlatRow[], key: string): NodeRow | null {
  const at = rows.findIndex((r) => r.key === key);
  const row = rows[at];
  if (!isNodeRow(row)) return null;
  for (let i = at - 1; i >= 0; i--) {
    const candidate = rows[i];
    if (isNodeRow(candidate) && candidate.depth < row.depth) return candidate;
    if (candidate.kind === "group") return null;
  }
  return null;
}
