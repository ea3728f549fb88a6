import { Modal } from "antd";
import { useEffect } from "react";
import { create } from "zustand";
import { useNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import { BulletInfo } from "./BulletPopover";
import { isNodeRow, type NodeRow } from "./flatten";
import type { TreeView } from "./tree-view";

/** The row whose information is open from the keyboard, per tree (its key scope). */
const useRowInfo = create<{ open: Record<string, string | undefined> }>(() => ({ open: {} }));

/** Opens the bullet's information and actions for a row, from the keyboard (Shift+F10 or the menu key). */
export function openRowInfo(view: TreeView, rowKey: string): void {
  useRowInfo.setState((s) => ({ open: { ...s.open, [view.scope]: rowKey } }));
}

function closeRowInfo(view: TreeView): void {
  useRowInfo.setState((s) => ({ open: { ...s.open, [view.scope]: undefined } }));
}

/**
 * The bullet popover's content in a dialog, for keyboard users: the popover opens on hover only, and a
 * dialog takes focus, keeps it inside and gives it back to the row on Escape. One per tree.
 */
export function RowInfoDialog({ view }: { view: TreeView }) {
  const rowKey = useRowInfo((s) => s.open[view.scope]);
  // A tree that goes away takes its open dialog with it (its scope may be used again by the next tree).
  useEffect(() => () => closeRowInfo(view), [view]);
  const row = rowKey
    ? (view.rows.find((r) => r.key === rowKey && isNodeRow(r)) as NodeRow | undefined)
    : undefined;
  const node = useNodes((s) => (row ? s.nodes[row.id] : undefined));
  if (!row || !node) return null;
  return (
    <Modal
      open
      title={zh.outliner.rowInfo(node.name || zh.outliner.untitled)}
      footer={null}
      onCancel={() => closeRowInfo(view)}
      destroyOnHidden
    >
      <BulletInfo row={row} node={node} />
    </Modal>
  );
}
