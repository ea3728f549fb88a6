import { type FlatRow, isNodeRow, type NodeRow } from "./flatten";

/**
 * Level changes of a page's tree (workspace-spec 4: "a node shows children while its level is below its
 * level limit"; 2: "ctrl+wheel to change extra levels or zoom out"). A page's own children are level 0;
 * `extraLevels` counts the levels opened below them. Pure: the rows in, the rows to open or close out.
 */

/** What one step up (open) or down (close) does. */
export type LevelPlan =
  | { kind: "open"; rows: NodeRow[]; extraLevels: number }
  | { kind: "close"; rows: NodeRow[]; extraLevels: number }
  /** Nothing below the page's own children is open: go to the parent's page. */
  | { kind: "zoomOut" }
  | { kind: "none" };

/** Shallowest and deepest node row depths (the page's children are 1, or 2 under group headers). */
function depths(rows: readonly NodeRow[]): { base: number; deepest: number } {
  let base = Number.POSITIVE_INFINITY;
  let deepest = 0;
  for (const row of rows) {
    base = Math.min(base, row.depth);
    deepest = Math.max(deepest, row.depth);
  }
  return { base, deepest };
}

/**
 * One more level: every visible closed row that has children opens, so afterwards the level limit is
 * one below the deepest visible row. Rows at shallower depths closed by hand open too, since they are
 * above the limit — the tree ends up as deep everywhere.
 */
export function planOpenLevel(rows: readonly FlatRow[], hasChildren: (id: number) => boolean): LevelPlan {
  const nodes = rows.filter(isNodeRow);
  const open = nodes.filter((row) => !row.expanded && hasChildren(row.id));
  if (open.length === 0) return { kind: "none" };
  const { base, deepest } = depths(nodes);
  return { kind: "open", rows: open, extraLevels: deepest - base + 1 };
}

/** One level less: the open rows at the deepest open depth close; with none open, zoom out. */
export function planCloseLevel(rows: readonly FlatRow[]): LevelPlan {
  const nodes = rows.filter(isNodeRow);
  const opened = nodes.filter((row) => row.expanded);
  if (opened.length === 0) return { kind: "zoomOut" };
  const { base } = depths(nodes);
  const { deepest } = depths(opened);
  return {
    kind: "close",
    rows: opened.filter((row) => row.depth === deepest),
    extraLevels: deepest - base,
  };
}

/** Wheel notches closer together than this count as one (a trackpad sends dozens per swipe). */
export const WHEEL_STEP_MS = 250;

/**
 * The level step of a Ctrl+wheel event, or 0 when it is throttled away: wheel up (deltaY < 0) opens,
 * down closes, at most one step per WHEEL_STEP_MS so one notch is one level.
 */
export function wheelStep(deltaY: number, now: number, lastStep: number): -1 | 0 | 1 {
  if (deltaY === 0 || now - lastStep < WHEEL_STEP_MS) return 0;
  return deltaY < 0 ? 1 : -1;
}
