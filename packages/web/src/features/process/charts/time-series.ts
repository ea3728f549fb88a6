import { hoursPerShanghaiDay, shanghaiDay, statusOf } from "@zhishu/shared";
import type { Dnode } from "../../../entities/dnode/types";
import { timerHours } from "../process-display";

/**
 * The numbers behind the time charts (issue 14 point 10), as pure functions.
 *
 * The server keeps a process's own time as one sum (self_time) plus the segment running now (ran_at),
 * not a history of segments, so time per day is attributed: the running segment is split at each
 * Shanghai midnight it crosses, and the rest of the process's own time is counted on the day it last
 * stopped (paused or finished; else the day it last started). Each process counts only its own time, so
 * a parent and its children are never counted twice.
 */

export interface DayRow {
  day: string;
  /** The series a bar is stacked by: the top process among those shown (its name). */
  series: string;
  hours: number;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const iso = (value: unknown) => (typeof value === "string" && value ? value : null);

/** One process's own hours per Shanghai day, as of `now`. */
export function ownHoursPerDay(
  content: Record<string, unknown>,
  now: number,
): Array<{ day: string; hours: number }> {
  const out = new Map<string, number>();
  const add = (day: string, hours: number) => {
    if (hours > 0) out.set(day, (out.get(day) ?? 0) + hours);
  };
  const ranAt = iso(content.ran_at);
  if (statusOf(content) === "running" && ranAt)
    for (const part of hoursPerShanghaiDay(ranAt, new Date(now))) add(part.day, part.hours);
  const stoppedAt = iso(content.end_time) ?? iso(content.pause_time) ?? ranAt ?? iso(content.start_time);
  if (stoppedAt) add(shanghaiDay(stoppedAt), num(content.self_time));
  return [...out.entries()].map(([day, hours]) => ({ day, hours }));
}

/** The top process of each process among `nodes`: up its parents while they are listed processes. */
/** What the per-day chart reads of a node: whole nodes and /xingwei's light rows both have it. */
type TimedNode = Pick<Dnode, "id" | "name" | "type" | "parent_id" | "content">;

function topOf<T extends TimedNode>(node: T, byId: Map<number, T>): T {
  let top = node;
  const seen = new Set<number>([node.id]);
  for (let parent = byId.get(top.parent_id ?? -1); parent?.type === "PROCESS" && !seen.has(parent.id); ) {
    seen.add(parent.id);
    top = parent;
    parent = byId.get(top.parent_id ?? -1);
  }
  return top;
}

/** Hours per day in [from, to), stacked by top process, oldest day first. */
export function hoursByDay(nodes: readonly TimedNode[], now: number, from: string, to: string): DayRow[] {
  const processes = nodes.filter((n) => n.type === "PROCESS");
  const byId = new Map(processes.map((n) => [n.id, n]));
  const sums = new Map<string, DayRow>();
  for (const process of processes) {
    const series = topOf(process, byId).name || "—";
    for (const { day, hours } of ownHoursPerDay(process.content, now)) {
      if (day < from || day >= to) continue;
      const key = `${day}\u0000${series}`;
      const row = sums.get(key) ?? { day, series, hours: 0 };
      row.hours += hours;
      sums.set(key, row);
    }
  }
  return [...sums.values()]
    .map((row) => ({ ...row, hours: round(row.hours) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.series.localeCompare(b.series, "zh")));
}

export interface ChildRow {
  name: string;
  hours: number;
}

/** A process's child processes by their time (the total the server computed, ticking while running). */
export function hoursByChild(children: readonly Dnode[], now: number): ChildRow[] {
  return children
    .filter((c) => c.type === "PROCESS")
    .map((c) => ({ name: c.name || "—", hours: round(timerHours(c.content, now)) }))
    .filter((row) => row.hours > 0)
    .sort((a, b) => b.hours - a.hours);
}

const round = (hours: number) => Math.round(hours * 1000) / 1000;

/**
 * CSV text (RFC 4180: fields with commas, quotes or line breaks quoted, quotes doubled), with a BOM so
 * spreadsheet programs read the Chinese as UTF-8. A field starting with =, +, - or @ is prefixed with '
 * so a spreadsheet never runs a node's name as a formula.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\ufeff${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
