/** Pure geometry of the Shift+drag selection box (workspace-spec 2: "Shift+drag draws a selection box"). */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box spanned by the drag's start and current point, whichever way it was drawn. */
export function boxBetween(a: Point, b: Point): Box {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}

/** The keys of the rows the box crosses (touching an edge is not crossing). */
export function rowsInBox(box: Box, rows: readonly ({ key: string } & Box)[]): string[] {
  return rows
    .filter((r) => r.top < box.bottom && r.bottom > box.top && r.left < box.right && r.right > box.left)
    .map((r) => r.key);
}

/** A press that moved less than this is a click, not a box. */
export const BOX_THRESHOLD_PX = 4;

/** True once the pointer moved far enough from the press to draw a box. */
export function isBoxDrag(a: Point, b: Point): boolean {
  return Math.abs(a.x - b.x) >= BOX_THRESHOLD_PX || Math.abs(a.y - b.y) >= BOX_THRESHOLD_PX;
}
