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

/** An hour in milliseconds. */
export const HOUR_MS = 3600 * 1000;

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
