import { useLayoutEffect, useRef } from "react";

/** Home drag animation length (people-spec 9). */
export const FLIP_MS = 150;

/**
 * Animates children of a container from where they were to where they are whenever `key` changes
 * (FLIP: first, last, invert, play), so reordered cards glide instead of jumping.
 */
export function useFlip<T extends HTMLElement>(key: unknown) {
  const container = useRef<T>(null);
  const positions = useRef(new Map<string, DOMRect>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger (the order changed); the effect reads the DOM, not it
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const items = Array.from(root.querySelectorAll<HTMLElement>("[data-flip-id]"));
    for (const item of items) {
      const id = item.dataset.flipId!;
      const before = positions.current.get(id);
      const now = item.getBoundingClientRect();
      if (
        before &&
        typeof item.animate === "function" &&
        (before.left !== now.left || before.top !== now.top)
      ) {
        item.animate(
          [
            { transform: `translate(${before.left - now.left}px, ${before.top - now.top}px)` },
            { transform: "none" },
          ],
          { duration: FLIP_MS, easing: "ease-out" },
        );
      }
      positions.current.set(id, now);
    }
  }, [key]);
  return container;
}
