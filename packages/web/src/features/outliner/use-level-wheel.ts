import { type RefObject, useEffect } from "react";
import { useController } from "./context";
import { changeLevel } from "./level-ops";
import { wheelStep } from "./levels";
import type { TreeView } from "./tree-view";

/**
 * Ctrl+wheel over a page's tree opens or closes one level, or zooms out (workspace-spec 2). The listener
 * is added by hand because React's wheel listeners are passive and could not stop the browser's page
 * zoom; a plain wheel (no Ctrl) still scrolls.
 */
export function useLevelWheel(scrollRef: RefObject<HTMLElement | null>, view: TreeView): void {
  const controller = useController();
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let lastStep = Number.NEGATIVE_INFINITY;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const now = Date.now();
      const step = wheelStep(event.deltaY, now, lastStep);
      if (step === 0) return;
      lastStep = now;
      changeLevel(controller, view, step);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [scrollRef, view, controller]);
}
