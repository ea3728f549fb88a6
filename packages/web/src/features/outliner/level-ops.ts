import type { OutlineController } from "./controller";
import { NESTED_RELATION } from "./core";
import { planCloseLevel, planOpenLevel } from "./levels";
import { fetchNodePath } from "./node-path";
import { setRowsExpanded, setViewStatus } from "./store";
import type { TreeView } from "./tree-view";

/**
 * Opens (+1) or closes (-1) one level of a page's tree (Ctrl+wheel, Ctrl+Alt+↑/↓). Rows opened together
 * ask for their children through the relation load queue, so a level of 40 rows is a few batched
 * requests. The level reached is kept in the page's view state (`extraLevels`), which survives a reload
 * with the rows' own `expanded` states.
 */
export function changeLevel(controller: OutlineController, view: TreeView, step: 1 | -1): void {
  const plan =
    step > 0
      ? planOpenLevel(view.rows, (id) => controller.core.childCount(id) > 0)
      : planCloseLevel(view.rows);
  switch (plan.kind) {
    case "open":
      setRowsExpanded(plan.rows, true, NESTED_RELATION);
      controller.core.ensureLoadedAll(plan.rows.map((row) => controller.core.current(row.id)));
      break;
    case "close":
      setRowsExpanded(plan.rows, false, NESTED_RELATION);
      break;
    case "zoomOut":
      void zoomOutIfReadable(controller, view);
      return;
    case "none":
      return;
  }
  if (view.viewId) setViewStatus(view.viewId, { extraLevels: plan.extraLevels });
}

/**
 * Goes to the page of the shown node's parent when the caller may read it; otherwise nothing happens
 * (a 403 page is no place to zoom out to). The ancestor path lists only readable ancestors, so the
 * parent is readable when it ends the path.
 */
export async function zoomOutIfReadable(controller: OutlineController, view: TreeView): Promise<void> {
  const parentId = controller.core.node(view.rootId)?.parent_id;
  if (!parentId) return;
  const parent = controller.core.node(parentId);
  if (parent?.locked || parent?.permissions?.read === false) return;
  if (!parent) {
    try {
      const path = await fetchNodePath(view.rootId);
      if (path.at(-1)?.id !== parentId) return;
    } catch {
      return;
    }
  }
  controller.core.deps.navigate(`/data/${parentId}`);
}
