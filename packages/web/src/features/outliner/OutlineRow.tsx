import { App } from "antd";
import { type KeyboardEvent, type MouseEvent, memo, useLayoutEffect, useRef } from "react";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import { zh } from "../../i18n/zh-CN";
import { ProcessRowControls } from "../process/ProcessRowControls";
import { BulletPopover } from "./BulletPopover";
import { useController, useTreeView } from "./context";
import { NESTED_RELATION } from "./core";
import { useDrag } from "./drag-store";
import { type NodeRow, parentRow } from "./flatten";
import { useUnsaved } from "./offline";
import { RefMark } from "./RefMark";
import { RowDone } from "./RowDone";
import { RelationTags, RowText } from "./RowExtras";
import { RowName } from "./RowName";
import { RowTick } from "./RowTick";
import { findRowCommand } from "./row-commands";
import { useRowState } from "./row-state";
import { useSelection } from "./selection-store";
import { focusDone, requestFocus, setActive } from "./store";
import { UrlHost } from "./UrlHost";
import { useRowDrop } from "./use-row-drop";

const t = zh.outliner;

const SELECTING = 1;
const CUT = 2;
const TICKED = 4;

/** Indentation per level, in pixels. */
export const INDENT = 24;

interface Props {
  row: NodeRow;
  /** The row a Tab from outside lands on when no row is selected yet. */
  tabbable: boolean;
  /** In a flat list of several groups: the group is named on rows not of the node's own children. */
  relationTag: string | null;
  /** The content view: the node's text shows under its name. */
  showText: boolean;
}

function sameRow(a: Props, b: Props): boolean {
  const x = a.row;
  const y = b.row;
  return (
    a.tabbable === b.tabbable &&
    a.relationTag === b.relationTag &&
    a.showText === b.showText &&
    x.key === y.key &&
    x.id === y.id &&
    x.parentId === y.parentId &&
    x.depth === y.depth &&
    x.index === y.index &&
    x.setSize === y.setSize &&
    x.expanded === y.expanded &&
    x.viewId === y.viewId
  );
}

/**
 * One node row: toggle, bullet (opens the node), type label and the name editor, as a WAI-ARIA treeitem.
 * It reads its own node from the store, so typing in one row never re-renders another.
 */
export const OutlineRow = memo(function OutlineRow({ row, tabbable, relationTag, showText }: Props) {
  const controller = useController();
  const view = useTreeView();
  const { node, childTotal, active, focus, meta } = useRowState(row);
  // A request to select the row itself; one to edit its name is the name editor's.
  const focusRow = focus && !focus.edit ? focus : null;
  const ref = useRef<HTMLDivElement>(null);
  const { message } = App.useApp();
  const drag = useRowDrop(row);
  const over = useDrag((s) => (s.over?.key === row.key ? s.over : null));
  // Both in one subscription, as a number: no object to compare or collect on every mount.
  const selectionFlags = useSelection(
    (s) =>
      (s.selecting[view.scope] ? SELECTING : 0) |
      (s.cut.some((r) => r.key === row.key) ? CUT : 0) |
      (s.ticked[view.scope]?.[row.key] ? TICKED : 0),
  );
  const selecting = (selectionFlags & SELECTING) !== 0;
  const cut = (selectionFlags & CUT) !== 0;
  // A rename or field change still waiting for the network marks the row like a row not made yet.
  const unsaved = useUnsaved(node?.id ?? 0);
  // Rows ticked by keyboard or Shift+click are highlighted (selecting status shows tick boxes too).
  const ticked = (selectionFlags & TICKED) !== 0;

  useLayoutEffect(() => {
    if (!focusRow || !ref.current) return;
    ref.current.focus();
    setActive(row.key, false);
    focusDone(focusRow.seq);
  }, [focusRow, row.key]);

  if (!node) return null;
  const hasChildren = (childTotal ?? node.relations?.[NESTED_RELATION]?.size ?? 0) > 0;
  const label = typeLabelOf(node.type, node.content);
  const name = node.name || t.untitled;
  const canWrite = node.permissions?.write !== false;
  // Public and private nodes differ in bullet colour (workspace-spec 2).
  const bullet = `ol-bullet${hasChildren && !row.expanded ? " ol-bullet-closed" : ""}${node.is_public ? " ol-bullet-public" : ""}`;

  // Keys of the selected (not edited) row: the tree pattern's arrows, Enter/F2 to edit.
  const onRowKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const ctx = { controller, view, row, info: (text: string) => void message.info(text) };
    const command = findRowCommand(event, ctx);
    if (command) {
      event.preventDefault();
      command.run(ctx);
      return;
    }
    const handled = (() => {
      switch (event.key) {
        case "ArrowUp":
        case "ArrowDown":
          controller.rows.focusSibling(view, row, event.key === "ArrowUp" ? -1 : 1, "end", false);
          return true;
        case "ArrowRight":
          if (!controller.rows.toggle(row, true) && row.expanded)
            controller.rows.focusSibling(view, row, 1, "end", false);
          return true;
        case "ArrowLeft": {
          if (controller.rows.toggle(row, false)) return true;
          const parent = parentRow(view.rows, row.key);
          if (parent) requestFocus(parent.key, "end", false);
          return true;
        }
        case "Enter":
        case "F2":
          requestFocus(row.key, "end", true);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

  const onBullet = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    void controller.rows.open(row);
  };

  return (
    <div
      ref={ref}
      role="treeitem"
      data-row-key={row.key}
      className={`ol-row${node.id < 0 || unsaved ? " ol-row-pending" : ""}${node.finished_at ? " ol-row-done" : ""}${showText ? " ol-row-text" : ""}${active ? " ol-row-active" : ""}${cut ? " ol-row-cut" : ""}${ticked ? " ol-row-ticked" : ""}${over ? ` ol-drop-${over.refused ? "refused" : over.position}` : ""}`}
      aria-level={row.depth}
      aria-posinset={row.index + 1}
      aria-setsize={row.setSize}
      aria-selected={active !== null || ticked}
      aria-expanded={hasChildren ? row.expanded : undefined}
      aria-label={label ? `${label.text} ${name}` : name}
      tabIndex={active && !active.editing ? 0 : -1}
      style={{ paddingLeft: (row.depth - 1) * INDENT }}
      onKeyDown={onRowKey}
      onDragOver={drag.onDragOver}
      onDragLeave={drag.onDragLeave}
      onDrop={drag.onDrop}
    >
      {selecting && <RowTick row={row} name={name} />}
      {hasChildren ? (
        <button
          type="button"
          className={`ol-toggle${row.expanded ? " ol-toggle-open" : ""}`}
          aria-label={row.expanded ? t.collapse : t.expand}
          tabIndex={-1}
          onClick={() => controller.rows.toggle(row)}
        />
      ) : (
        <span className="ol-toggle-space" />
      )}
      {row.id > 0 ? (
        <BulletPopover row={row} node={node}>
          <a
            className={bullet}
            href={`/data/${row.id}`}
            tabIndex={-1}
            onClick={onBullet}
            draggable
            onDragStart={drag.onDragStart}
            onDragEnd={drag.onDragEnd}
          >
            <span className="ol-sr">{t.open(name)}</span>
          </a>
        </BulletPopover>
      ) : (
        // Not saved yet: nothing to open until the server gave it an id.
        <span className={bullet} />
      )}
      <RefMark row={row} node={node} />
      {label && (
        <span className={`ol-type${label.custom ? " ol-type-custom" : ""}`} title={t.typeLabel(label.code)}>
          {label.text}
        </span>
      )}
      {relationTag && <span className="ol-relation">{relationTag}</span>}
      <RowName
        row={row}
        node={node}
        editable={canWrite}
        tabbable={active ? active.editing : tabbable}
        editing={active?.editing === true || focus?.edit === true}
        editFocus={focus?.edit ? focus : null}
      />
      <UrlHost node={node} />
      {node.type === "PROCESS" && (
        <ProcessRowControls node={node} onNodes={controller.core.receiveProcesses} />
      )}
      <RelationTags meta={meta} />
      {node.type !== "PROCESS" && row.id > 0 && (node.finished_at || (active && canWrite)) && (
        <RowDone node={node} name={name} />
      )}
      {showText && <RowText node={node} indent={40} />}
    </div>
  );
}, sameRow);
