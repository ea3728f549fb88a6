import { parseViewId } from "./view-id";

/** The local-storage key of the spec (workspace-spec 3) for per-view tree state. */
export const VIEW_STATUS_KEY = "dnodeViewStatuses";

/**
 * The view types of a node view (workspace-spec 2); absent means the default tree. SELECTEDNODE (已选)
 * shows only the ticked rows; DRAFTDNODE (草稿), offered on one's own draft only, its editor (page-view.ts).
 */
export type ViewType = "TREEDNODE" | "CONTENTDNODE" | "SELECTEDNODE" | "DRAFTDNODE";

/**
 * What is kept per displayed node: rows keep `expanded`; page roots keep their collapsed groups, the
 * extra levels opened by Ctrl+wheel and the view type (workspace-spec 3 "Tree view state").
 */
export interface ViewStatus {
  expanded?: boolean;
  collapsedGroups?: string[];
  extraLevels?: number;
  viewType?: ViewType;
}

export type ViewStatuses = Record<string, ViewStatus>;

// Old states are dropped beyond this many, so years of browsing never fill local storage (5 MB).
export const MAX_VIEW_STATUSES = 5000;

const isEmpty = (s: ViewStatus) =>
  !s.expanded &&
  !(s.collapsedGroups && s.collapsedGroups.length > 0) &&
  !s.extraLevels &&
  (s.viewType === undefined || s.viewType === "TREEDNODE");

/** Drops the defaults, so storage holds only what differs from them. */
function compact(status: ViewStatus): ViewStatus {
  const next = { ...status };
  if (next.expanded === false) delete next.expanded;
  if (!next.extraLevels) delete next.extraLevels;
  if (next.viewType === undefined || next.viewType === "TREEDNODE") delete next.viewType;
  return next;
}

/** The stored states; unreadable storage or entries with a bad view id are ignored, not fatal. */
export function readViewStatuses(storage: Storage = localStorage): ViewStatuses {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(VIEW_STATUS_KEY) ?? "{}");
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const result: ViewStatuses = {};
  for (const [viewId, status] of Object.entries(raw as Record<string, unknown>)) {
    if (!status || typeof status !== "object") continue;
    try {
      parseViewId(viewId);
    } catch {
      continue;
    }
    result[viewId] = status as ViewStatus;
  }
  return result;
}

/** Writes the states, keeping the newest MAX_VIEW_STATUSES; a full storage only loses the write. */
export function writeViewStatuses(statuses: ViewStatuses, storage: Storage = localStorage): void {
  const entries = Object.entries(statuses);
  const kept = entries.length > MAX_VIEW_STATUSES ? entries.slice(-MAX_VIEW_STATUSES) : entries;
  try {
    storage.setItem(VIEW_STATUS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Quota exceeded or storage disabled: the tree still works, it just forgets on reload.
  }
}

/** A copy with one view's status changed; empty statuses are removed. Throws for a bad view id. */
export function withStatus(statuses: ViewStatuses, viewId: string, patch: ViewStatus): ViewStatuses {
  parseViewId(viewId);
  const { [viewId]: old, ...rest } = statuses;
  const next = compact({ ...old, ...patch });
  // Re-inserted last, so the cap drops the states touched longest ago.
  return isEmpty(next) ? rest : { ...rest, [viewId]: next };
}

/** withStatus for many views at once: one copy however many rows a level change opens. */
export function withStatuses(
  statuses: ViewStatuses,
  patches: ReadonlyArray<readonly [string, ViewStatus]>,
): ViewStatuses {
  const result = { ...statuses };
  for (const [viewId, patch] of patches) {
    parseViewId(viewId);
    const next = compact({ ...result[viewId], ...patch });
    delete result[viewId];
    if (!isEmpty(next)) result[viewId] = next;
  }
  return result;
}

/**
 * A copy without the row states under the given parents (workspace-spec 4: "collapsing clears child
 * view states"), so re-expanding a node shows its children collapsed again.
 */
export function withoutChildrenOf(statuses: ViewStatuses, parentIds: ReadonlySet<number>): ViewStatuses {
  if (parentIds.size === 0) return statuses;
  const result: ViewStatuses = {};
  for (const [viewId, status] of Object.entries(statuses)) {
    const parsed = parseViewId(viewId);
    if (parsed.kind === "row" && parentIds.has(parsed.parentId)) continue;
    result[viewId] = status;
  }
  return result;
}

/** Rewrites view ids after a node saved under a temporary id got its real one. */
export function withRenamedNode(statuses: ViewStatuses, from: number, to: number): ViewStatuses {
  const result: ViewStatuses = {};
  for (const [viewId, status] of Object.entries(statuses)) {
    const parsed = parseViewId(viewId);
    if (parsed.kind === "row" && (parsed.parentId === from || parsed.id === from)) {
      const parent = parsed.parentId === from ? to : parsed.parentId;
      const id = parsed.id === from ? to : parsed.id;
      result[`${parent}:${parsed.relation}/${id}`] = status;
    } else result[viewId] = status;
  }
  return result;
}
