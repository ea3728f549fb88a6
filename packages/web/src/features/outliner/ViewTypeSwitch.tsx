import { Segmented } from "antd";
import { zh } from "../../i18n/zh-CN";
import { setViewStatus, useOutline } from "./store";
import type { ViewType } from "./view-status";

const t = zh.outliner;

/**
 * 大纲 / 内容 / 已选: the page's view type (workspace-spec 2 TREEDNODE, CONTENTDNODE, SELECTEDNODE), kept
 * in the page's view state so it survives a reload. The content view shows each row's text under its
 * name; 已选 only the ticked rows.
 */
export function ViewTypeSwitch({ viewId }: { viewId: string }) {
  const viewType = useOutline((s) => s.views[viewId]?.viewType ?? "TREEDNODE");
  return (
    <Segmented<ViewType>
      className="ol-view-type"
      size="small"
      aria-label={t.viewType}
      value={viewType}
      options={[
        { value: "TREEDNODE", label: t.treeView },
        { value: "CONTENTDNODE", label: t.contentView },
        { value: "SELECTEDNODE", label: t.selectedView },
      ]}
      onChange={(value) => setViewStatus(viewId, { viewType: value })}
    />
  );
}
