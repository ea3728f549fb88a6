import type { Virtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useMemo, useRef } from "react";
import { useController } from "./context";
import type { FlatRow } from "./flatten";

/**
 * Infinite loading (issue 12 point 14): once the person scrolls the tree, a list's next page loads by
 * itself when its 加载更多 row comes within a screen below the visible end, so 10,000 children scroll
 * without a click. 加载更多 stays as the keyboard's way, and the way before any scroll. It looks on each
 * scroll and again whenever the rows change (a page landed), so a person waiting at the end gets page
 * after page.
 */
export function useAutoLoadMore(
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  rows: FlatRow[],
): void {
  const controller = useController();
  const scrolled = useRef(false);
  // What was left of each list when its page was last asked for here: a page that failed (and said so)
  // is not asked for again on every frame; 加载更多 retries it.
  const asked = useRef(new Map<string, number>());
  // The 加载更多 rows are few among thousands: found once per change of the rows, not per frame.
  const moreIndexes = useMemo(() => rows.flatMap((row, i) => (row.kind === "more" ? [i] : [])), [rows]);

  const look = useRef(() => {});
  look.current = () => {
    const el = scrollRef.current;
    if (!el || !scrolled.current || el.clientHeight === 0) return;
    // The visible end plus one screen.
    const reach = el.scrollTop + 2 * el.clientHeight;
    for (const index of moreIndexes) {
      const row = rows[index];
      const start = virtualizer.measurementsCache[index]?.start;
      if (row?.kind !== "more" || row.loading || start === undefined || start > reach) continue;
      const key = `${row.parentId}:${row.relation}`;
      if (asked.current.get(key) === row.remaining) continue;
      asked.current.set(key, row.remaining);
      void controller.core.loadMore(row.parentId, row.relation);
    }
  };

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      scrolled.current = true;
      look.current();
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, [scrollRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows (a page landed) are the trigger
  useEffect(() => look.current(), [rows]);
}
