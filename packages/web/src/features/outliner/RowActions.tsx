import { Button } from "antd";
import { zh } from "../../i18n/zh-CN";
import { useController, useTreeView } from "./context";
import type { NodeRow } from "./flatten";
import { requestFocus, setViewStatus, useOutline } from "./store";

/**
 * The bullet popover's more actions. 查看子孙节点 (workspace-spec 2 'view-descendants': offered when the
 * node has children and the view is not the tree) switches the page back to the tree with this row
 * opened and selected. Chosen over opening the node's own page: the person keeps the context they were
 * reading in, and the tree is where descendants are seen and edited. (The content and 已选 views keep
 * their toggles, so the action is a shortcut, not the only way.)
 */
export function RowActions({ row }: { row: NodeRow }) {
  const controller = useController();
  const view = useTreeView();
  const notTree = useOutline((s) => {
    const viewType = view.viewId ? s.views[view.viewId]?.viewType : undefined;
    return viewType !== undefined && viewType !== "TREEDNODE";
  });
  // Read when the popover opens; the row re-renders the popover when its children change anyway.
  if (!notTree || !view.viewId || controller.core.childCount(row.id) === 0) return null;
  const viewId = view.viewId;
  const viewDescendants = () => {
    setViewStatus(viewId, { viewType: "TREEDNODE" });
    controller.rows.toggle(row, true);
    requestFocus(row.key, "end", false);
  };
  return (
    <div className="ol-bullet-actions">
      <Button size="small" type="link" onClick={viewDescendants}>
        {zh.outliner.viewDescendants}
      </Button>
    </div>
  );
}
