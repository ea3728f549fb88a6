import { type RefObject, useEffect } from "react";
import { zh } from "../../i18n/zh-CN";
import { useController } from "./context";
import { refOf } from "./drag-store";
import { isNodeRow, type NodeRow } from "./flatten";
import { completeItems, loadedItems } from "./outline-copy";
import {
  isOutlineText,
  outlineItemsAsHtml,
  outlineItemsAsText,
  outlineItemsFromHtml,
  parseOutlineText,
} from "./outline-paste-text";
import { clearRowSelection, selectedRows } from "./row-selection";
import { setCut, useSelection } from "./selection-store";
import type { TreeView } from "./tree-view";

/**
 * Ctrl+C, Ctrl+X and Ctrl+V as outlines (issue 19 item 4, issue 12 item 9), through the browser's own
 * clipboard events, listened for on the document: on a selected row there is no editable element for
 * them to fire at. Copy writes the rows as indented text and as the app's own format (types and fields
 * kept); cut also marks them, so the next Ctrl+V on a row moves them there (workspace-spec 2). A paste of
 * several lines or of copied rows makes rows; a paste of one line into a name stays the name's own.
 */
export function useOutlineClipboard(treeRef: RefObject<HTMLElement | null>, view: TreeView): void {
  const controller = useController();
  useEffect(() => {
    const focusedRow = (): { row: NodeRow; name: HTMLTextAreaElement | null } | null => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || !treeRef.current?.contains(active)) return null;
      const key = active.closest<HTMLElement>("[role=treeitem][data-row-key]")?.dataset.rowKey;
      const row = view.rows.find((r) => r.key === key);
      if (!isNodeRow(row)) return null;
      return { row, name: active instanceof HTMLTextAreaElement ? active : null };
    };

    const copy = (event: ClipboardEvent, cut: boolean) => {
      const at = focusedRow();
      if (!at || at.name || !event.clipboardData) return;
      event.preventDefault();
      const rows = selectedRows(view, at.row);
      const ids = rows.map((r) => r.id);
      const { items, partial } = loadedItems(controller.core, ids);
      event.clipboardData.setData("text/plain", outlineItemsAsText(items, controller.paste.labelOf));
      event.clipboardData.setData("text/html", outlineItemsAsHtml(items));
      if (cut) setCut(rows.map(refOf));
      const done = () =>
        controller.core.deps.info?.(cut ? zh.dragDrop.cut(rows.length) : zh.outlineKeys.copied(rows.length));
      clearRowSelection(view);
      if (!partial) {
        done();
        return;
      }
      // Rows never opened: what they hold comes from the server, then replaces the clipboard's first take.
      void completeItems(controller.core, ids)
        .then((full) =>
          writeClipboard(outlineItemsAsText(full, controller.paste.labelOf), outlineItemsAsHtml(full)),
        )
        .then(done, () => controller.core.deps.notify(zh.outlineKeys.copyFailed));
    };
    const onCopy = (event: ClipboardEvent) => copy(event, false);
    const onCut = (event: ClipboardEvent) => copy(event, true);

    const onPaste = (event: ClipboardEvent) => {
      const at = focusedRow();
      const data = event.clipboardData;
      if (!at || !data) return;
      // Rows cut with Ctrl+X move under the row pasted on, in a name as on a selected row.
      if (useSelection.getState().cut.length > 0) {
        event.preventDefault();
        controller.selection.pasteOn(view, refOf(at.row));
        return;
      }
      const own = outlineItemsFromHtml(data.getData("text/html"));
      const text = data.getData("text/plain");
      if (!own && (at.name ? !isOutlineText(text) : text.trim() === "")) return;
      event.preventDefault();
      const items = own ?? parseOutlineText(text);
      const fill = at.name !== null && at.name.value === "";
      void controller.paste.pasteItems(view, at.row, items, fill, at.name !== null);
    };

    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCut);
    document.addEventListener("paste", onPaste);
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCut);
      document.removeEventListener("paste", onPaste);
    };
  }, [controller, view, treeRef]);
}

/** Writes text and HTML to the clipboard after the copy event (the async clipboard API). */
function writeClipboard(text: string, html: string): Promise<void> {
  return navigator.clipboard.write([
    new ClipboardItem({
      "text/plain": new Blob([text], { type: "text/plain" }),
      "text/html": new Blob([html], { type: "text/html" }),
    }),
  ]);
}
