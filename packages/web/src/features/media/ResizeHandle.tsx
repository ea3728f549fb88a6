import { useEffect, useRef } from "react";
import { clampThumbnailHeight, THUMBNAIL } from "./media-url";

interface ResizeHandleProps {
  height: number;
  label: string;
  /** Every step of a drag or key press, already clamped. */
  onResize: (height: number) => void;
  /** The height when the pointer or key is released: the one to save. */
  onCommit: (height: number) => void;
}

/**
 * The bar under a thumbnail: drag it (or focus it and press ↑/↓) to change the height within 30–800 px.
 * The drag follows the window, not the bar, so a fast pointer that leaves the bar keeps resizing.
 */
export function ResizeHandle({ height, label, onResize, onCommit }: ResizeHandleProps) {
  const stopDrag = useRef<(() => void) | null>(null);
  // A drag still running when the view goes away must not leave listeners on the window.
  useEffect(() => () => stopDrag.current?.(), []);

  const startDrag = (event: React.PointerEvent) => {
    event.preventDefault();
    const startY = event.clientY;
    const at = (e: PointerEvent) => clampThumbnailHeight(height + e.clientY - startY);
    const move = (e: PointerEvent) => onResize(at(e));
    const up = (e: PointerEvent) => {
      stopDrag.current?.();
      onCommit(at(e));
    };
    stopDrag.current = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      stopDrag.current = null;
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  const step = (event: React.KeyboardEvent) =>
    event.key === "ArrowDown" ? THUMBNAIL.step : event.key === "ArrowUp" ? -THUMBNAIL.step : 0;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, draggable splitter is role="separator" by WAI-ARIA; <hr> cannot take focus
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={label}
      aria-valuenow={height}
      aria-valuemin={THUMBNAIL.min}
      aria-valuemax={THUMBNAIL.max}
      tabIndex={0}
      className="media-resize-handle"
      onPointerDown={startDrag}
      onKeyDown={(event) => {
        const delta = step(event);
        if (!delta) return;
        event.preventDefault();
        onResize(clampThumbnailHeight(height + delta));
      }}
      // Saved once on release, however long the key was held.
      onKeyUp={(event) => {
        if (step(event)) onCommit(height);
      }}
    />
  );
}
