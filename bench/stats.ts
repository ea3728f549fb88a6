/** Percentile of a sample in milliseconds (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface Measurement {
  name: string;
  runs: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  /** Frame measurements: the slowest frame, and how many frames were dropped (see droppedFrames). */
  max_ms?: number;
  dropped?: number;
  /** Size measurements (bytes fetched), in KB; their time columns are empty. */
  kb?: number;
}

/** One display refresh at 60 Hz, in milliseconds. */
export const FRAME_BUDGET_MS = 1000 / 60;

/**
 * Frames dropped in a run of frame-to-frame intervals: an interval over one and a half budgets means the
 * display showed the same picture twice (a frame that merely starts late, as timers jitter, is not one).
 */
export function droppedFrames(intervals: number[]): number {
  return intervals.filter((ms) => ms > FRAME_BUDGET_MS * 1.5).length;
}

/** Times `fn` `runs` times after `warmup` untimed runs. */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  runs = 200,
  warmup = 20,
): Promise<Measurement> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarize(name, samples);
}

/** A measurement from samples in milliseconds. */
export function summarize(name: string, samples: number[]): Measurement {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    runs: samples.length,
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    mean_ms: round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}

/**
 * Times two variants of one operation alternately (`runs` each, after `warmup` of each), so a shared
 * machine's load falls on both alike: the fair way to compare before and after in one run.
 */
export async function measurePair(
  names: [string, string],
  fns: [() => Promise<unknown>, () => Promise<unknown>],
  runs = 100,
  warmup = 10,
): Promise<[Measurement, Measurement]> {
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < warmup + runs; i++) {
    for (const k of [0, 1] as const) {
      const start = performance.now();
      await fns[k]();
      if (i >= warmup) samples[k].push(performance.now() - start);
    }
  }
  return [summarize(names[0], samples[0]), summarize(names[1], samples[1])];
}
