import { Breadcrumb, Popover } from "antd";
import { type ReactElement, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";
import { AncestorLink } from "./AncestorLink";
import type { NodeRow } from "./flatten";
import { fullTime } from "./full-time";
import { useNodePath } from "./node-path";
import { RowActions } from "./RowActions";

const t = zh.bulletPopover;

/** The Chinese name of the relation the row is shown by (its own name when it has none). */
const relationName = (relation: string) => zh.outliner.relationLabels[relation] ?? relation;

// The delay antd's hover trigger uses here, kept for the first hover too.
const HOVER_DELAY_MS = 400;

/**
 * The bullet's hover popover (workspace-spec 2): path, relation, creation time, creator, ID and view ID,
 * then the row's more actions (RowActions.tsx).
 * Nothing of it exists until the bullet is first hovered: a row that scrolls past costs no trigger
 * component, and a new row typed with Enter mounts faster. The first hover mounts the popover and opens
 * it after the usual delay (the trigger itself missed that entering); later hovers are antd's own. The
 * content mounts only when open (`destroyOnHidden`), so an unhovered tree costs no fetch either. The
 * bullet keeps its own click and keyboard behaviour.
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
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const pending = useRef<number | undefined>(undefined);
  const cancel = () => {
    window.clearTimeout(pending.current);
    pending.current = undefined;
  };
  useEffect(() => () => window.clearTimeout(pending.current), []);

  // The wrapper (display: contents, so it takes no box) stays the same element when the popover mounts
  // around the bullet, so it sees the pointer leave even before the popover's trigger exists.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer bookkeeping only; the bullet is the control
    <span
      className="ol-bullet-hover"
      onMouseEnter={() => {
        if (mounted) return;
        setMounted(true);
        cancel();
        pending.current = window.setTimeout(() => setOpen(true), HOVER_DELAY_MS);
      }}
      onMouseLeave={cancel}
    >
      {mounted ? (
        <Popover
          trigger="hover"
          mouseEnterDelay={HOVER_DELAY_MS / 1000}
          placement="bottomLeft"
          destroyOnHidden
          open={open}
          onOpenChange={(next) => {
            cancel();
            setOpen(next);
          }}
          content={<BulletInfo row={row} node={node} />}
        >
          {children}
        </Popover>
      ) : (
        children
      )}
    </span>
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
