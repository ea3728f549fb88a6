import { Button } from "antd";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useController, useTreeView } from "./context";
import type { GroupRow, LoadingRow, MoreRow } from "./flatten";
import { INDENT } from "./OutlineRow";

const t = zh.outliner;

/** The Chinese name of a relation group, or its own name when it has none. */
export const relationLabel = (relation: string) => t.relationLabels[relation] ?? relation;

/** A relation group's header (workspace-spec 2): link to its own page, collapsible, a count when collapsed. */
export function GroupHeader({
  row,
  rootId,
  onToggle,
}: {
  row: GroupRow;
  rootId: number;
  onToggle: (relation: string) => void;
}) {
  const label = relationLabel(row.relation);
  return (
    <div
      role="treeitem"
      className="ol-group"
      aria-level={row.depth}
      aria-expanded={!row.collapsed}
      aria-selected={false}
      aria-label={label}
      tabIndex={-1}
    >
      <button
        type="button"
        className={`ol-toggle${row.collapsed ? "" : " ol-toggle-open"}`}
        aria-label={row.collapsed ? t.expandGroup(label) : t.collapseGroup(label)}
        onClick={() => onToggle(row.relation)}
      />
      <Link to={`/data/${rootId}/${row.relation}`} title={t.groupLink(label)}>
        {label}
      </Link>
      {row.collapsed && <span className="ol-count">{row.count}</span>}
    </div>
  );
}

/** "加载更多": the next 40 of a list. */
export function LoadMore({ row }: { row: MoreRow }) {
  const controller = useController();
  return (
    <div className="ol-more" style={{ paddingLeft: (row.depth - 1) * INDENT + 40 }}>
      <Button
        size="small"
        type="link"
        loading={row.loading}
        onClick={() => void controller.core.loadMore(row.parentId, row.relation)}
      >
        {`${t.loadMore}（${t.remaining(row.remaining)}）`}
      </Button>
    </div>
  );
}

/** The place of a list still loading (a skeleton line), or its error with a retry. */
export function ListLoading({ row }: { row: LoadingRow }) {
  const controller = useController();
  const view = useTreeView();
  const indent = { paddingLeft: (row.depth - 1) * INDENT + 40 };
  if (row.error)
    return (
      <div className="ol-more" style={indent} role="alert">
        <span className="ol-error">{t.failedBecause(t.loadFailed, row.error)}</span>
        <Button
          size="small"
          type="link"
          onClick={() => controller.core.retry(row.parentId, row.relation, row.parentId === view.rootId)}
        >
          {t.retry}
        </Button>
      </div>
    );
  return (
    <div className="ol-more" style={indent} aria-busy="true">
      <span className="ol-skeleton" aria-label={t.loading} role="img" />
    </div>
  );
}
