import { App } from "antd";
import type { DragEvent } from "react";
import { useController, useTreeView } from "./context";
import { askWay, endDrag, type RowRef, refOf, showOver, startDrag, useDrag } from "./drag-store";
import { chooseWay, dropEffectFor } from "./drag-ways";
import { carriesFiles, DropDeduper, dropPositionAt } from "./drop-events";
import { dropFiles, type FileDropUi } from "./file-drops";
import type { NodeRow } from "./flatten";
import { setViewStatus } from "./store";

/** The drag data type of a row (other pages and apps ignore it). */
export const ROW_DRAG_TYPE = "application/x-zhishu-row";

// One for the whole page: both trees see every drop's stamp.
const drops = new DropDeduper();

/**
 * The drag-and-drop handlers of one row: its bullet starts a drag; the row takes rows (before it on its
 * upper half, as its last child on its lower half) and files (as its children).
 */
export function useRowDrop(row: NodeRow) {
  const controller = useController();
  const view = useTreeView();
  const { message } = App.useApp();

  const positionOf = (event: DragEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return dropPositionAt(event.clientY, rect.top, rect.height);
  };

  const ui: FileDropUi = {
    progress: (text) => message.loading({ content: text, duration: 0 }),
    success: (text) => void message.success(text),
    error: (text) => void message.error(text),
  };

  const onDragStart = (event: DragEvent<HTMLElement>) => {
    const ref = refOf(row);
    event.dataTransfer.effectAllowed = "all";
    event.dataTransfer.setData(ROW_DRAG_TYPE, JSON.stringify(ref));
    event.dataTransfer.setData("text/plain", `/data/${row.id}`);
    startDrag(ref);
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (carriesFiles(event.dataTransfer.types)) {
      const ok = controller.core.canWrite(row.id);
      showOver({ key: row.key, position: "files", refused: !ok });
      event.preventDefault();
      event.dataTransfer.dropEffect = ok ? "copy" : "none";
      return;
    }
    const source = useDrag.getState().source;
    if (!source) return; // text or a link from elsewhere: the name editor's own business
    const position = positionOf(event);
    const drop = { source, target: refOf(row), position };
    const ways = controller.drops.waysFor(view, drop);
    showOver({ key: row.key, position, refused: ways.length === 0 });
    // Without preventDefault the browser refuses the drop; dropEffect "none" says so to the pointer.
    event.preventDefault();
    event.dataTransfer.dropEffect = dropEffectFor(ways, event, controller.drops.isSameListDrop(drop));
  };

  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (useDrag.getState().over?.key === row.key) showOver(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    const files = Array.from(event.dataTransfer.files ?? []);
    const source = useDrag.getState().source ?? parseRef(event.dataTransfer.getData(ROW_DRAG_TYPE));
    if (files.length === 0 && !source) return;
    event.preventDefault();
    showOver(null);
    const position = files.length > 0 ? "files" : positionOf(event);
    if (drops.seen({ timeStamp: event.timeStamp, position, target: row.key })) return;
    endDrag();
    if (files.length > 0) {
      if (!controller.core.canWrite(row.id)) return;
      setViewStatus(row.viewId, { expanded: true });
      void dropFiles(controller, row.id, files, ui);
      return;
    }
    if (!source || position === "files") return;
    const drop = { source, target: refOf(row), position };
    const choice = chooseWay(
      controller.drops.waysFor(view, drop),
      event,
      controller.drops.isSameListDrop(drop),
    );
    if (choice.kind === "way") controller.drops.applyDrop(drop, choice.way);
    else if (choice.kind === "pick")
      askWay({ drop, ways: choice.ways, x: event.clientX, y: event.clientY, scope: view.scope });
  };

  return { onDragStart, onDragEnd: endDrag, onDragOver, onDragLeave, onDrop };
}

function parseRef(text: string): RowRef | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as RowRef;
  } catch {
    return null;
  }
}
