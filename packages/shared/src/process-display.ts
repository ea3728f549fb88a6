import { HOUR_MS, PROCESS_STATUS_LABELS, type ProcessState, type ProcessStatus, statusOf } from "./process";

// How processes are shown, beside the status machine in process.ts: children's sort order, the shown
// status of each process kind, timer and duration texts, timeline bands, Shanghai days. Server and web
// read the same rules.

const STATUS_RANK: Record<ProcessStatus, number> = {
  running: 0,
  sub_running: 1,
  paused: 2,
  // Handed to someone else (a friend request, a sent question): waiting, like a draft, but already sent.
  delegated: 3,
  draft: 3,
  completed: 4,
  failed: 5,
  canceled: 6,
};

/** The instant a row sorts by within its status (workspace-spec 4 "Children sort"). */
function sortInstant(p: { content: ProcessState; created_at?: string }): number {
  const c = p.content;
  const status = statusOf(c);
  const pick =
    status === "running" || status === "sub_running"
      ? (c.ran_at ?? c.start_time)
      : status === "paused"
        ? c.pause_time
        : status === "draft"
          ? p.created_at
          : (c.finished_at ?? c.end_time);
  return pick ? new Date(pick).getTime() : 0;
}

/**
 * Child processes in the spec's order: running, sub_running, paused, draft, completed; within a status
 * the latest start, pause, creation or finish first.
 */
export function compareProcesses(
  a: { content: ProcessState; created_at?: string },
  b: { content: ProcessState; created_at?: string },
): number {
  return (
    STATUS_RANK[statusOf(a.content)] - STATUS_RANK[statusOf(b.content)] || sortInstant(b) - sortInstant(a)
  );
}

/** AskProcess delegate_status labels (workspace-spec 4). */
export const DELEGATE_STATUS_LABELS: Record<string, string> = {
  none: "无委托",
  delegated: "已委托",
  accepted: "已接受",
  running: "代理执行中",
  completed: "代理完成",
  confirming: "等待确认",
  canceled: "代理取消",
};

/** AgentProcess delivery_status labels. */
export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  none: "未交付",
  delivered: "已交付",
  accepted: "已接受",
  rejected: "已拒绝",
};

/** What a row shows as a process's status: a key (for colour) and its label. */
export interface ShownStatus {
  key: string;
  label: string;
}

/**
 * The status a process shows, by kind (workspace-spec 4): an AskProcess shows its delegate status when
 * delegated, confirming or accepted; an AgentProcess its delivery status when delivered, accepted or
 * rejected; a StepProcess failed when it has an error; a FriendRequestProcess its result once completed.
 */
export function shownStatus(content: Record<string, unknown>): ShownStatus {
  const own = statusOf(content);
  const kind = content.xtype;
  if (kind === "AskProcess") {
    const delegate = String(content.delegate_status ?? "");
    if (["delegated", "confirming", "accepted"].includes(delegate))
      return { key: `delegate_${delegate}`, label: DELEGATE_STATUS_LABELS[delegate]! };
  }
  if (kind === "AgentProcess") {
    const delivery = String(content.delivery_status ?? "");
    if (["delivered", "accepted", "rejected"].includes(delivery))
      return { key: `delivery_${delivery}`, label: DELIVERY_STATUS_LABELS[delivery]! };
  }
  if (kind === "StepProcess" && content.error) return { key: "failed", label: PROCESS_STATUS_LABELS.failed };
  if (kind === "FriendRequestProcess" && own === "completed") {
    if (content.result === "accepted") return { key: "accepted", label: "已接受" };
    if (content.result === "rejected") return { key: "rejected", label: "已拒绝" };
  }
  return { key: own, label: PROCESS_STATUS_LABELS[own] };
}

/** A delivered top-level agent process offers accept and reject. */
export const offersDeliveryChoice = (content: Record<string, unknown>, hasProcessParent: boolean) =>
  content.xtype === "AgentProcess" && content.delivery_status === "delivered" && !hasProcessParent;

/** A friend request is open (accept / reject offered to its target) until completed. */
export const isOpenFriendRequest = (content: Record<string, unknown>) =>
  content.xtype === "FriendRequestProcess" &&
  statusOf(content) !== "completed" &&
  statusOf(content) !== "failed";

/** Timer text: `D天H时M分` from a day on, else `HH:MM:SS` (workspace-spec 9). */
export function formatTimer(hours: number): string {
  const totalSeconds = Math.max(0, Math.floor(hours * 3600));
  const days = Math.floor(totalSeconds / 86400);
  const h = Math.floor((totalSeconds % 86400) / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (days > 0) return `${days}天${h}时${m}分`;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** A duration in words (timeline): 小时 from an hour, 分钟 from ten minutes, else minutes and seconds. */
export function formatDuration(hours: number): string {
  const seconds = Math.max(0, Math.round(hours * 3600));
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1).replace(/\.0$/, "")}小时`;
  const minutes = Math.floor(seconds / 60);
  if (minutes >= 10) return `${minutes}分钟`;
  return `${minutes}分${seconds % 60}秒`;
}

/** Timeline segment colour bands by duration (workspace-spec 9: 1 minute, 1 hour, 1 day, 30 days, 365 days). */
export const TIMELINE_THRESHOLD_HOURS = [1 / 60, 1, 24, 24 * 30, 24 * 365] as const;

/** Which band (0–5) a duration falls in. */
export const timelineBand = (hours: number) => TIMELINE_THRESHOLD_HOURS.filter((t) => hours >= t).length;

/** A segment's width in percent of the whole: at least 1% for any positive duration. */
export function segmentWidth(hours: number, wholeHours: number): number {
  if (hours <= 0 || wholeHours <= 0) return 0;
  return Math.max(1, (hours / wholeHours) * 100);
}

/** Remaining planned time (blue), overtime (red) — or planned time (green) when not running. */
export function plannedState(
  ownHours: number,
  plannedHours: number | null | undefined,
  running: boolean,
): { kind: "remaining" | "overtime" | "planned" | "none"; hours: number } {
  if (!plannedHours || plannedHours <= 0) return { kind: "none", hours: 0 };
  if (!running) return { kind: "planned", hours: plannedHours };
  const left = plannedHours - ownHours;
  return left >= 0 ? { kind: "remaining", hours: left } : { kind: "overtime", hours: -left };
}

const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of an instant. */
export function shanghaiDay(at: string | Date): string {
  return new Date(new Date(at).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Splits a running span into hours per Asia/Shanghai day, so a clock that crosses midnight counts on
 * both days (the time-per-day chart).
 */
export function hoursPerShanghaiDay(
  from: string | Date,
  to: string | Date,
): Array<{ day: string; hours: number }> {
  let start = new Date(from).getTime();
  const end = new Date(to).getTime();
  const out: Array<{ day: string; hours: number }> = [];
  while (start < end) {
    // The next Shanghai midnight after `start`, in UTC milliseconds.
    const nextMidnight = Math.floor((start + SHANGHAI_OFFSET_MS) / DAY_MS + 1) * DAY_MS - SHANGHAI_OFFSET_MS;
    const stop = Math.min(end, nextMidnight);
    out.push({ day: shanghaiDay(new Date(start)), hours: (stop - start) / HOUR_MS });
    start = stop;
  }
  return out;
}
