import { type RefObject, useLayoutEffect } from "react";
import { dismissEarlyScreen } from "../../early/screen";
import { type FlatRow, isNodeRow } from "./flatten";

/**
 * The first screen the early script drew (early/screen.ts) gives way to this tree in the frame the
 * tree's first rows are in the DOM (a layout effect runs before the browser paints), or once its lists
 * turned out empty or failed, so the page never shows neither.
 */
export function useEarlyScreenHandOver(
  treeRef: RefObject<HTMLElement | null>,
  rows: FlatRow[],
  statuses: ("loading" | "ready" | "error" | undefined)[],
): void {
  const settled = statuses.every((status) => status === "ready" || status === "error");
  const nothingToShow = settled && !rows.some(isNodeRow);
  useLayoutEffect(() => {
    if (nothingToShow || treeRef.current?.querySelector('[role="treeitem"]')) dismissEarlyScreen();
  });
}
