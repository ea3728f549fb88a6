// Readers are in China: the full time is shown in Asia/Shanghai whatever the browser's own zone.
const fullTimeFormat = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** A time in full (2026/11/22 17:30:05), for the title beside a relative time; "" for an invalid time. */
export function fullTime(time: string | number | Date): string {
  const at = new Date(time);
  return Number.isNaN(at.getTime()) ? "" : fullTimeFormat.format(at);
}
