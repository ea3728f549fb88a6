/**
 * Timed processes (workspace-spec 3 "PROCESS", 4 "Process self_status", 8–9): the status machine, time
 * totals, sort order and shown statuses, as pure functions the server applies in one transaction and the
 * web uses to draw rows. Times in content are ISO strings; durations are hours.
 */

export const PROCESS_STATUSES = [
  "draft",
  "running",
  "sub_running",
  "paused",
  "delegated",
  "completed",
  "failed",
  "canceled",
] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  draft: "起草中",
  running: "执行中",
  sub_running: "子执行中",
  paused: "已暂停",
  delegated: "已委托",
  completed: "已完成",
  failed: "执行失败",
  canceled: "已取消",
};

/** The kinds of process (content.xtype); a plain process has none. */
export const PROCESS_KINDS = [
  "AskProcess",
  "AgentProcess",
  "StepProcess",
  "PersonProcess",
  "FriendRequestProcess",
] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

/** The relations a process's child processes hang by (DESIGN.md "Decided for wave 2"). */
export const SUBPROCESS_RELATIONS = ["SUBPROCESS", "CHILD_NODE"] as const;

/** The custom prefix that marks a child's time as inserted (插入:…), reported apart from the total. */
export const INSERTED_TIME_PREFIX = "插入";

/** The content fields the machine reads and writes. */
export interface ProcessState {
  self_status?: string | null;
  start_time?: string | null;
  ran_at?: string | null;
  pause_time?: string | null;
  end_time?: string | null;
  finished_at?: string | null;
  /** Hours of the process's own running time, not counting the segment running now. */
  self_time?: number | null;
}

/** A process's status; missing (or unknown) means draft. */
export function statusOf(content: ProcessState | Record<string, unknown>): ProcessStatus {
  const status = (content as ProcessState).self_status;
  return PROCESS_STATUSES.includes(status as ProcessStatus) ? (status as ProcessStatus) : "draft";
}

/** Executing = running or sub_running (the spec's wording). */
export const isExecuting = (status: ProcessStatus) => status === "running" || status === "sub_running";

/** Paused-like = paused, draft (or no status). */
export const isPausedLike = (status: ProcessStatus) => status === "paused" || status === "draft";

const HOUR_MS = 3600 * 1000;

/** Hours between two instants (never negative: a clock that went back counts nothing). */
export function hoursBetween(from: string | Date, to: string | Date): number {
  return Math.max(0, new Date(to).getTime() - new Date(from).getTime()) / HOUR_MS;
}

/** Own hours including the segment running now. */
export function ownHoursAt(state: ProcessState, now: Date | string): number {
  const base = Number(state.self_time ?? 0) || 0;
  return statusOf(state) === "running" && state.ran_at ? base + hoursBetween(state.ran_at, now) : base;
}

/** A change to one process's content, as a patch. */
export type ProcessPatch = Partial<ProcessState>;

/** The patch that stops a running process's clock: its running segment goes into self_time. */
function stopClock(state: ProcessState, now: string): ProcessPatch {
  if (statusOf(state) !== "running" || !state.ran_at) return {};
  return { self_time: ownHoursAt(state, now) };
}

/** Starts the process (running, ran_at now; the first start also sets start_time). */
export function startPatch(state: ProcessState, now: string): ProcessPatch {
  if (statusOf(state) === "running") return {};
  return {
    self_status: "running",
    ran_at: now,
    ...(state.start_time ? {} : { start_time: now }),
    end_time: null,
    finished_at: null,
  };
}

/** Pauses the process (paused, pause_time now, its running time added to self_time). */
export function pausePatch(state: ProcessState, now: string): ProcessPatch {
  const status = statusOf(state);
  if (status === "paused" || status === "completed" || status === "failed" || status === "canceled")
    return {};
  return { ...stopClock(state, now), self_status: "paused", pause_time: now };
}

/** Finishes the process (completed, end_time and finished_at now, its running time added). */
export function finishPatch(state: ProcessState, now: string): ProcessPatch {
  if (statusOf(state) === "completed") return {};
  return { ...stopClock(state, now), self_status: "completed", end_time: now, finished_at: now };
}

/** An ancestor of a process that starts: sub_running; its own clock stops while a descendant runs. */
export function subRunningPatch(state: ProcessState, now: string): ProcessPatch {
  const status = statusOf(state);
  if (status === "sub_running" || status === "completed" || status === "failed" || status === "canceled")
    return {};
  return { ...stopClock(state, now), self_status: "sub_running" };
}

/** A parent whose last executing child stopped: running again from now. */
export function resumePatch(state: ProcessState, now: string): ProcessPatch {
  if (statusOf(state) !== "sub_running") return {};
  return { self_status: "running", ran_at: now };
}

/** One process in the tree the machine plans over. */
export interface ProcessNode {
  id: number;
  parentId: number | null;
  state: ProcessState;
}

/** What an action changes: a content patch per process id, in the order to apply them. */
export type ProcessPlan = Map<number, ProcessPatch>;

function add(plan: ProcessPlan, id: number, patch: ProcessPatch): void {
  if (Object.keys(patch).length === 0) return;
  plan.set(id, { ...(plan.get(id) ?? {}), ...patch });
}

/** The family of one process the machine needs: its ancestors (parent first), siblings and descendants. */
export interface ProcessFamily {
  target: ProcessNode;
  /** Process ancestors, nearest first. */
  ancestors: ProcessNode[];
  /** Other processes under the same parent. */
  siblings: ProcessNode[];
  /** Processes below the target, at any depth. */
  descendants: ProcessNode[];
  /** For each ancestor: its child processes other than the one on the target's path. */
  ancestorSiblings?: Map<number, ProcessNode[]>;
}

/** Every executing process among these, paused (their clocks stopped). */
function pauseExecuting(plan: ProcessPlan, nodes: ProcessNode[], now: string): void {
  for (const node of nodes)
    if (isExecuting(statusOf(node.state))) add(plan, node.id, pausePatch(node.state, now));
}

/**
 * start: the process runs; executing siblings pause (with whatever runs below them); every ancestor
 * becomes sub_running.
 */
export function planStart(
  family: ProcessFamily,
  now: string,
  below: Map<number, ProcessNode[]>,
): ProcessPlan {
  const plan: ProcessPlan = new Map();
  for (const sibling of family.siblings) {
    if (!isExecuting(statusOf(sibling.state))) continue;
    pauseExecuting(plan, below.get(sibling.id) ?? [], now);
    add(plan, sibling.id, pausePatch(sibling.state, now));
  }
  // Whatever ran below the target stops: the target itself runs now.
  pauseExecuting(plan, family.descendants, now);
  add(plan, family.target.id, startPatch(family.target.state, now));
  for (const ancestor of family.ancestors) add(plan, ancestor.id, subRunningPatch(ancestor.state, now));
  return plan;
}

/**
 * pause and finish: the process stops, and what runs below it pauses. Then, going up: a parent none of
 * whose child processes execute any more runs again (the work returns to it).
 */
function planStop(
  family: ProcessFamily,
  now: string,
  stop: (state: ProcessState, now: string) => ProcessPatch,
): ProcessPlan {
  const plan: ProcessPlan = new Map();
  pauseExecuting(plan, family.descendants, now);
  add(plan, family.target.id, stop(family.target.state, now));
  const parent = family.ancestors[0];
  if (parent && !family.siblings.some((s) => isExecuting(statusOf(s.state))))
    add(plan, parent.id, resumePatch(parent.state, now));
  return plan;
}

/** pause: paused, pause_time set, time added; running descendants pause; the parent may run again. */
export const planPause = (family: ProcessFamily, now: string) => planStop(family, now, pausePatch);

/** finish: completed, end_time and finished_at set, time added; running descendants pause; the parent may run again. */
export const planFinish = (family: ProcessFamily, now: string) => planStop(family, now, finishPatch);

/** A process child with what totals need. */
export interface TimedChild {
  ownHours: number;
  inserted: boolean;
  children: TimedChild[];
}

/**
 * total = own time + the totals of child processes, except children marked as inserted time (插入),
 * whose time (with whatever is inserted further down) is reported as `inserted` instead.
 */
export function totalsOf(node: TimedChild): { total: number; inserted: number } {
  let total = node.ownHours;
  let inserted = 0;
  for (const child of node.children) {
    const sub = totalsOf(child);
    if (child.inserted) inserted += sub.total + sub.inserted;
    else {
      total += sub.total;
      inserted += sub.inserted;
    }
  }
  return { total, inserted };
}

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
