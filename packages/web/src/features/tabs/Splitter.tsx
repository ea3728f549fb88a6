import { useRef } from "react";
import { zh } from "../../i18n/zh-CN";
import { useTabs } from "./tab-store";

/** The bar between the panels: drag (or arrow keys) sets the side panel's width, 300 px to 80%. */
export function Splitter() {
  const width = useTabs((s) => s.siderWidth);
  const setWidth = useTabs((s) => s.setSiderWidth);
  const dragging = useRef(false);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is role="separator" by WAI-ARIA; <hr> cannot take focus or be dragged
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={zh.tabs.splitter}
      aria-valuenow={width}
      tabIndex={0}
      className="workspace-splitter"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (dragging.current) setWidth(window.innerWidth - event.clientX);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") setWidth(width + 20);
        if (event.key === "ArrowRight") setWidth(width - 20);
      }}
    />
  );
}
