import type { FlatRow } from "./flatten";

/**
 * One tree on screen. A node can be open in the main panel and the side panel at once: both share the
 * store and the controller, but each has its own visible rows, and its own `scope` in row keys so a
 * focus request lands in the tree it came from.
 */
export interface TreeView {
  scope: string;
  rootId: number;
  /** The page's root view id (where extra levels and the view type are kept); set by the tree. */
  viewId?: string;
  /** The visible rows, set by the tree whenever they change: what arrow keys and plans walk. */
  rows: FlatRow[];
}
