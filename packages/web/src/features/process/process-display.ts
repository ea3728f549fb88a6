import { ownHoursAt, type ProcessState, type ProcessStatus, plannedState, statusOf } from "@zhishu/shared";
import type { ProcessAction } from "./process-api";

/**
 * What a process row and the process view show, as pure functions over the node's content. The rules
 * (status machine, shown status, planned time) are shared's; this only picks colours and buttons.
 */

/**
 * The tone of a shown-status tag (process.css draws each with text dark enough for WCAG AA: antd's
 * preset processing and warning tags fall short of it).
 */
const STATUS_TONES: Record<string, string> = {
  running: "blue",
  sub_running: "cyan",
  paused: "orange",
  draft: "default",
  completed: "green",
  failed: "red",
  canceled: "default",
  accepted: "green",
  rejected: "red",
};

/** The tone a shown-status key is drawn in. */
export function statusColor(key: string): string {
  if (key.startsWith("delegate_")) return "purple";
  if (key.startsWith("delivery_")) return key === "delivery_rejected" ? "red" : "geekblue";
  return STATUS_TONES[key] ?? "default";
}

const num = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The hours a timer shows: a running process's own time, ticking; otherwise the total the server
 * computed when it presented the node (own time plus its child processes), or its own time.
 */
export function timerHours(content: Record<string, unknown>, now: number): number {
  const state = content as ProcessState;
  if (statusOf(state) === "running") return ownHoursAt(state, new Date(now));
  return num(content.total_time) ?? num(content.self_time) ?? 0;
}

/** Remaining (blue), overtime (red) or planned (green) time, from content.planned_time in hours. */
export function plannedOf(content: Record<string, unknown>, now: number) {
  const running = statusOf(content) === "running";
  return plannedState(timerHours(content, now), num(content.planned_time), running);
}

/** Remaining blue, overtime red, planned green (workspace-spec 4), in shades readable on white (AA). */
export const PLANNED_COLORS = { remaining: "#0958d9", overtime: "#cf1322", planned: "#237804" } as const;

/** Whether the row shows a timer at all: once the process has run. */
export function hasTimer(content: Record<string, unknown>): boolean {
  return statusOf(content) === "running" || timerHours(content, Date.now()) > 0;
}

/**
 * The buttons a status offers: start (resume when paused) while not executing, pause while executing,
 * finish until completed. Completed, failed and canceled processes offer nothing (a finished process is
 * not reopened by a stray click).
 */
export function offeredActions(status: ProcessStatus): ProcessAction[] {
  if (status === "completed" || status === "failed" || status === "canceled") return [];
  if (status === "running" || status === "sub_running") return ["pause", "finish"];
  return ["start", "finish"];
}

/**
 * Time spent over time elapsed (workspace-spec 9 "time-spent ratio is cost hours over elapsed hours"):
 * elapsed from the first start to the end, or to now while not finished. Null before any start.
 */
export function spentRatio(content: Record<string, unknown>, costHours: number, now: number): number | null {
  const start = typeof content.start_time === "string" ? Date.parse(content.start_time) : Number.NaN;
  if (!Number.isFinite(start)) return null;
  const end = typeof content.end_time === "string" ? Date.parse(content.end_time) : now;
  const elapsed = (end - start) / 3_600_000;
  return elapsed > 0 ? costHours / elapsed : null;
}
