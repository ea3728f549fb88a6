import { shanghaiDay } from "@zhishu/shared";

/**
 * The date arithmetic of 我的行为 (people-spec 9 "Actions page"): days and weeks in Asia/Shanghai,
 * written as `YYYY-MM-DD` (what my_dnodes_by_date_range takes), so no browser time zone ever counts.
 * China keeps no daylight saving, so a day is always 24 hours.
 */

export type Unit = "day" | "week";

/** How many units each page reaches further back (the first starts 2 units back, each next adds 2). */
export const UNITS_PER_PAGE = 2;

const DAY_MS = 86_400_000;

/** A calendar day moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week a day falls in (weeks start on Monday in China). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the unit a day falls in. */
export const unitStart = (day: string, unit: Unit) => (unit === "week" ? weekStart(day) : day);

const unitDays = (unit: Unit) => (unit === "week" ? 7 : 1);

/**
 * The dates page `page` (0, 1, …) asks for, `[start, end)`: the first page from 2 units before the
 * current one to tomorrow; each later page the 2 units before the previous one.
 */
export function pageRange(page: number, unit: Unit, now: Date | number): { start: string; end: string } {
  const today = shanghaiDay(new Date(now));
  const anchor = unitStart(today, unit);
  const span = UNITS_PER_PAGE * unitDays(unit);
  return {
    start: addDays(anchor, -span * (page + 1)),
    end: page === 0 ? addDays(today, 1) : addDays(anchor, -span * page),
  };
}

export interface Group<T> {
  /** The first day of the unit (the group's key). */
  start: string;
  items: T[];
}

/** Items grouped by the Shanghai day or week they were created in, newest group and item first. */
export function groupByUnit<T extends { created_at?: string }>(items: readonly T[], unit: Unit): Group<T>[] {
  const groups = new Map<string, T[]>();
  const sorted = [...items].sort((a, b) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? ""));
  for (const item of sorted) {
    if (!item.created_at) continue;
    const key = unitStart(shanghaiDay(item.created_at), unit);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([start, list]) => ({ start, items: list }));
}

const WEEKDAYS = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"];

/** `周六`. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** `11月28日 周六`. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${date.getUTCMonth() + 1}月${date.getUTCDate()}日 ${weekdayOf(day)}`;
}

/** The clock time of an instant in Shanghai, `HH:mm`. */
export function shanghaiClock(at: string): string {
  return new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(11, 16);
}
