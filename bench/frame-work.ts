import type { Browser, Page } from "playwright-core";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

// A top-level task of a thread; the event's name has changed between Chromium versions.
const isTask = (name: string) => name === "RunTask" || name === "ThreadControllerImpl::RunTask";

/** The user-timing mark a frame callback sets at its start; the page's scroll loop sets it. */
export const FRAME_MARK = "bench-frame";

/**
 * Runs `work` under a Chromium trace of the given categories and returns the frame marks, in order, and
 * the timed spans of the page's main thread (the thread that set the marks), outer before inner.
 */
async function traceFrames(
  browser: Browser,
  page: Page,
  categories: string[],
  work: () => Promise<unknown>,
): Promise<{ marks: TraceEvent[]; spans: TraceEvent[] }> {
  await browser.startTracing(page, { categories: [...categories, "blink.user_timing"] });
  await work();
  const events = (JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const marks = events.filter((e) => e.name === FRAME_MARK).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) throw new Error("frame work: the trace holds no frame marks");
  const { pid, tid } = marks[0];
  const spans = events
    .filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && e.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return { marks, spans };
}

/**
 * Runs `work` (which must `performance.mark(FRAME_MARK)` at the start of each animation frame) under a
 * Chromium trace and returns, for each frame, the milliseconds the page's main thread was busy in it:
 * script, style, layout, paint recording and everything else it ran as a task. Unlike the interval
 * between frames, this is the page's own cost: a frame whose work fits the budget was not late because
 * of the page, whatever else the machine was doing.
 */
export async function mainThreadWorkPerFrame(
  browser: Browser,
  page: Page,
  work: () => Promise<unknown>,
): Promise<number[]> {
  const { marks, spans } = await traceFrames(browser, page, ["toplevel"], work);
  const tasks = spans.filter((e) => isTask(e.name));

  const busy: number[] = [];
  let first = 0;
  for (let i = 1; i < marks.length; i++) {
    const from = marks[i - 1].ts;
    const to = marks[i].ts;
    let microseconds = 0;
    while (first < tasks.length && tasks[first].ts + (tasks[first].dur ?? 0) <= from) first++;
    for (let j = first; j < tasks.length && tasks[j].ts < to; j++) {
      const end = tasks[j].ts + (tasks[j].dur ?? 0);
      microseconds += Math.max(0, Math.min(end, to) - Math.max(tasks[j].ts, from));
    }
    busy.push(microseconds / 1000);
  }
  return busy;
}

/**
 * Where the page's main thread spent the frames over budget (BENCH_PROFILE): self time per trace event
 * name (script, style, layout, paint, GC …) summed over those frames, as a Markdown table, beside the
 * same sums over all frames. The trace records more than mainThreadWorkPerFrame does, so the page runs
 * slower under it: a guide to where time goes, not a measurement.
 */
export async function slowFrameBreakdown(
  browser: Browser,
  page: Page,
  work: () => Promise<unknown>,
): Promise<string> {
  const { marks, spans } = await traceFrames(
    browser,
    page,
    ["toplevel", "devtools.timeline", "v8", "disabled-by-default-v8.gc"],
    work,
  );

  // Self time of each span: its duration less that of the spans directly inside it.
  const self = spans.map((e) => e.dur ?? 0);
  const stack: number[] = [];
  spans.forEach((e, i) => {
    while (stack.length > 0) {
      const top = spans[stack[stack.length - 1]];
      if (e.ts >= top.ts + (top.dur ?? 0)) stack.pop();
      else break;
    }
    if (stack.length > 0) self[stack[stack.length - 1]] -= e.dur ?? 0;
    stack.push(i);
  });

  // The frame each span starts in, and each frame's total work.
  const frameOf = (ts: number) => {
    let lo = 0;
    let hi = marks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (marks[mid].ts <= ts) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const frameWork = new Array<number>(marks.length).fill(0);
  spans.forEach((e, i) => {
    if (isTask(e.name)) frameWork[frameOf(e.ts)] += e.dur ?? 0;
    void i;
  });
  const budget = (1000 / 60) * 1000;
  const slow = new Set(frameWork.flatMap((us, i) => (us > budget ? [i] : [])));

  const inSlow = new Map<string, number>();
  const inAll = new Map<string, number>();
  spans.forEach((e, i) => {
    const name = isTask(e.name) ? "(task, other)" : e.name;
    inAll.set(name, (inAll.get(name) ?? 0) + self[i]);
    if (slow.has(frameOf(e.ts))) inSlow.set(name, (inSlow.get(name) ?? 0) + self[i]);
  });
  const ms = (us = 0) => (us / 1000).toFixed(1);
  const rows = [...inAll.keys()]
    .sort((a, b) => (inSlow.get(b) ?? 0) - (inSlow.get(a) ?? 0) || (inAll.get(b) ?? 0) - (inAll.get(a) ?? 0))
    .slice(0, 30);
  return [
    `${slow.size} of ${marks.length} frames over budget under this trace.`,
    "",
    "| event | self ms in those frames | self ms in all frames |",
    "|---|---|---|",
    ...rows.map((name) => `| ${name} | ${ms(inSlow.get(name))} | ${ms(inAll.get(name))} |`),
  ].join("\n");
}
