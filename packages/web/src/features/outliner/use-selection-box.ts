import { type MouseEvent, type RefObject, useEffect, useRef, useState } from "react";
import { type RowRef, refOf } from "./drag-store";
import { isNodeRow } from "./flatten";
import { clearRowSelection, selectTo } from "./row-selection";
import { type Box, boxBetween, isBoxDrag, type Point, rowsInBox } from "./selection-box";
import { tickAll, useSelection } from "./selection-store";
import { requestFocus, useOutline } from "./store";
import type { TreeView } from "./tree-view";

/** Presses on these keep their own meaning (ticking, opening, buttons), Shift or not. */
const OWN_PRESS = "input, button, a";

/**
 * Shift+drag on the tree draws a box that ticks the rows it crosses (workspace-spec 2). Outside
 * selecting status a press in a name keeps extending the text selection, as Shift+click does in text.
 * When the box ticked rows, the first one takes the focus so Delete, Ctrl+X and Space work at once.
 */
export function useSelectionBox(treeRef: RefObject<HTMLElement | null>, view: TreeView) {
  const [box, setBox] = useState<Box | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const onMouseDown = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    // A plain press (editing a name, or selecting one row) forgets a keyboard range.
    if (!event.shiftKey) {
      clearRowSelection(view);
      return;
    }
    if (target.closest(OWN_PRESS)) return;
    const selecting = useSelection.getState().selecting[view.scope] === true;
    // Shift+click on another row than the selected or edited one selects the rows between (issue 19 item 3).
    const clicked = target.closest<HTMLElement>("[role=treeitem][data-row-key]")?.dataset.rowKey;
    const activeKey = useOutline.getState().active?.key;
    const other = clicked !== undefined && activeKey !== undefined && clicked !== activeKey;
    if (target.closest("textarea") && !selecting && !other) return;
    event.preventDefault();
    const start: Point = { x: event.clientX, y: event.clientY };
    let current: Box | null = null;
    const move = (e: globalThis.MouseEvent) => {
      const at = { x: e.clientX, y: e.clientY };
      if (!current && !isBoxDrag(start, at)) return;
      current = boxBetween(start, at);
      setBox(current);
    };
    const up = () => {
      stop.current?.();
      setBox(null);
      if (current) tickCrossed(current);
      else if (clicked && other) selectTo(view, clicked);
    };
    stop.current = () => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
      stop.current = null;
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  };

  const tickCrossed = (area: Box) => {
    const tree = treeRef.current;
    if (!tree) return;
    const rects = [...tree.querySelectorAll<HTMLElement>("[role=treeitem][data-row-key]")].map((el) => {
      const r = el.getBoundingClientRect();
      return { key: el.dataset.rowKey ?? "", left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
    const hit = new Set(rowsInBox(area, rects));
    const refs: RowRef[] = view.rows
      .filter(isNodeRow)
      .filter((r) => hit.has(r.key))
      .map(refOf);
    tickAll(view.scope, refs);
    if (refs.length > 0) requestFocus(refs[0].key, "end", false);
  };

  return { box, onMouseDown };
}
