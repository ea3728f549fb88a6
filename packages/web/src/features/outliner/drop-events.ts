import { IMAGE_MIME_TYPES } from "../../api/uploads";
import type { DropPosition } from "./drag-ways";

/** Pure helpers for the events of a drop: where on the row it lands, repeats, and what kind of file. */

/** The upper half of a row drops before it; the lower half makes the dragged row its last child. */
export function dropPositionAt(clientY: number, rowTop: number, rowHeight: number): DropPosition {
  return clientY - rowTop < rowHeight / 2 ? "before" : "insideLast";
}

/** One drop event as compared for repeats (workspace-spec 5). */
export interface DropStamp {
  timeStamp: number;
  position: DropPosition | "files";
  /** The target row's key. */
  target: string;
}

/**
 * Remembers the last drop so the same event handled twice (two trees, or a parent listener seeing it
 * again) acts once: "duplicate drop events (same stamp, position, node) are ignored".
 */
export class DropDeduper {
  private last: DropStamp | null = null;

  /** True when this drop was already handled; otherwise remembers it and returns false. */
  seen(drop: DropStamp): boolean {
    const last = this.last;
    if (
      last &&
      last.timeStamp === drop.timeStamp &&
      last.position === drop.position &&
      last.target === drop.target
    )
      return true;
    this.last = drop;
    return false;
  }
}

/** True when a dropped file is an image the image upload takes (by its MIME type). */
export function isUploadableImage(file: Pick<File, "type">): boolean {
  return IMAGE_MIME_TYPES.has(file.type.toLowerCase());
}

/** True when the drag carries files from the desktop (not a row). */
export function carriesFiles(types: readonly string[] | DOMStringList | undefined): boolean {
  return types ? Array.from(types as ArrayLike<string>).includes("Files") : false;
}
