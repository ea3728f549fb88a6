import { Breadcrumb, Popover } from "antd";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";
import { AncestorLink } from "./AncestorLink";
import type { NodeRow } from "./flatten";
import { fullTime } from "./full-time";
import { useNodePath } from "./node-path";
import { RowActions } from "./RowActions";
import type { Dnode } from "./types";

const t = zh.bulletPopover;

/** The Chinese name of the relation the row is shown by (its own name when it has none). */
const relationName = (relation: string) => zh.outliner.relationLabels[relation] ?? relation;

/**
 * The bullet's hover popover (workspace-spec 2): path, relation, creation time, creator, ID and view ID,
 * then the row's more actions (RowActions.tsx).
 * The content is an element, not rendered markup: antd mounts it only when the popover first opens and
 * `destroyOnHidden` unmounts it on close, so a tree of 10,000 rows costs no fetch and no DOM per row.
 * The bullet itself is passed through untouched, keeping its click and keyboard behaviour.
 */
export function BulletPopover({
  row,
  node,
  children,
}: {
  row: NodeRow;
  node: Dnode;
  children: ReactElement;
}) {
  return (
    <Popover
      trigger="hover"
      mouseEnterDelay={0.4}
      placement="bottomLeft"
      destroyOnHidden
      content={<BulletInfo row={row} node={node} />}
    >
      {children}
    </Popover>
  );
}

/** The popover's body; mounting it is what fetches the path. */
export function BulletInfo({ row, node }: { row: NodeRow; node: Dnode }) {
  const path = useNodePath(row.id);
  return (
    <div className="ol-bullet-info">
      <dl>
        {path && path.length > 0 && (
          <>
            <dt>{t.path}</dt>
            <dd>
              <Breadcrumb
                items={path.map((ancestor) => ({
                  key: ancestor.id,
                  title: <AncestorLink node={ancestor} />,
                }))}
              />
            </dd>
          </>
        )}
        <dt>{t.relation}</dt>
        <dd>{relationName(row.relation)}</dd>
        {node.created_at && (
          <>
            <dt>{t.created}</dt>
            <dd>
              <time dateTime={node.created_at} title={fullTime(node.created_at)}>
                {relativeTime(node.created_at)}
              </time>
            </dd>
          </>
        )}
        {typeof node.creator_id === "number" && (
          <>
            <dt>{t.creator}</dt>
            <dd>
              <Link to={`/user/${node.creator_id}`}>{node.creator_name || t.unknownCreator}</Link>
            </dd>
          </>
        )}
      </dl>
      <div className="ol-bullet-id">{t.id(row.id)}</div>
      <div className="ol-bullet-id">{t.viewId(row.viewId)}</div>
      <RowActions row={row} />
    </div>
  );
}
