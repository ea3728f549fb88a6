import { zh } from "../i18n/zh-CN";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Month and day as a reader in China sees them, whatever the browser's own time zone.
const monthDay = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  month: "2-digit",
  day: "2-digit",
});

/**
 * A time as people-spec 9 shows it: 刚刚 under a minute, minutes under an hour, hours under a day, days
 * under a week, else MM-DD in Asia/Shanghai. A time in the future (a skewed clock) reads 刚刚.
 */
export function relativeTime(time: string | number | Date, now: number = Date.now()): string {
  const at = new Date(time).getTime();
  if (Number.isNaN(at)) return "";
  const ago = now - at;
  if (ago < MINUTE) return zh.time.justNow;
  if (ago < HOUR) return zh.time.minutesAgo(Math.floor(ago / MINUTE));
  if (ago < DAY) return zh.time.hoursAgo(Math.floor(ago / HOUR));
  if (ago < 7 * DAY) return zh.time.daysAgo(Math.floor(ago / DAY));
  const parts = Object.fromEntries(monthDay.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.month}-${parts.day}`;
}
