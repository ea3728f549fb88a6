import { hoursBetween, segmentWidth, timelineBand } from "@zhishu/shared";
import type { TimelineItem } from "./process-api";

/**
 * The behaviour timeline of a process (workspace-spec 2, 4, 9): the span it ran, from its first start to
 * its end (or now), cut at each node made meanwhile. Each segment is the time before the next creation
 * (the last one the time after the last creation), coloured by the band its duration falls in
 * (thresholds 1 minute, 1 hour, 1 day, 30 days, 365 days) and at least 1% wide when it lasted at all.
 */

export interface Segment {
  hours: number;
  /** 0–5: how many of the thresholds the duration reaches. */
  band: number;
  /** Percent of the whole span. */
  width: number;
  /** The node made at the segment's end; none for the tail after the last one. */
  item: TimelineItem | null;
}

/** The server's answer holds at most this many (newest first): the timeline says so when it is full. */
export const TIMELINE_LIMIT = 20;

/** The segments of the span from `start` to `end`, cut where each item was made. */
export function timelineSegments(start: string, end: string, items: readonly TimelineItem[]): Segment[] {
  const from = Date.parse(start);
  const to = Math.max(from, Date.parse(end));
  const whole = hoursBetween(new Date(from), new Date(to));
  const clamp = (at: string) => Math.min(to, Math.max(from, Date.parse(at)));
  const ordered = [...items].sort((a, b) => clamp(a.created_at) - clamp(b.created_at));
  const segments: Segment[] = [];
  let at = from;
  const push = (until: number, item: TimelineItem | null) => {
    const hours = hoursBetween(new Date(at), new Date(until));
    segments.push({ hours, band: timelineBand(hours), width: segmentWidth(hours, whole), item });
    at = until;
  };
  for (const item of ordered) push(clamp(item.created_at), item);
  push(to, null);
  return segments;
}
