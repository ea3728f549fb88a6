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
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    runs,
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    mean_ms: round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}
