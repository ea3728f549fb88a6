import { Segmented } from "antd";
import { zh } from "../../i18n/zh-CN";
import { setViewStatus } from "./store";
import type { ViewType } from "./view-status";

const t = zh.outliner;

/**
 * 大纲 / 内容 / 已选 (/ 草稿): the page's view type (workspace-spec 2 TREEDNODE, CONTENTDNODE,
 * SELECTEDNODE, DRAFTDNODE), kept in the page's view state so it survives a reload. The content view
 * shows each row's text under its name; 已选 only the ticked rows; 草稿, offered on one's own draft,
 * its editor (page-view.ts decides what is offered and shown).
 */
export function ViewTypeSwitch({
  viewId,
  value,
  draft = false,
  onPick,
}: {
  viewId: string;
  /** The view shown. */
  value: ViewType;
  /** Whether 草稿 is offered. */
  draft?: boolean;
  onPick?: (value: ViewType) => void;
}) {
  return (
    <Segmented<ViewType>
      className="ol-view-type"
      size="small"
      aria-label={t.viewType}
      value={value}
      options={[
        { value: "TREEDNODE", label: t.treeView },
        { value: "CONTENTDNODE", label: t.contentView },
        { value: "SELECTEDNODE", label: t.selectedView },
        ...(draft ? [{ value: "DRAFTDNODE" as const, label: t.draftView }] : []),
      ]}
      onChange={(picked) => {
        setViewStatus(viewId, { viewType: picked });
        onPick?.(picked);
      }}
    />
  );
}
