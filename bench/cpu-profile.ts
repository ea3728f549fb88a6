import type { Page } from "playwright-core";

/** A function of the page's scripts, where it is defined. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Runs `work` under Chromium's sampling profiler and returns a Markdown table of where the page's main
 * thread spent its time: self time per function (with its file and line), largest first. For reading
 * why frames are late, not a measurement: the profiler slows the page itself.
 */
export async function profileWhile(page: Page, work: () => Promise<unknown>, top = 40): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await work();
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  await cdp.detach();

  return profileTable(profile, top);
}

/**
 * A Markdown table of a V8 CPU profile (Chromium's, or Node's `--cpu-prof` file): self time per function
 * with its file and line, largest first; with `byPackage`, self time summed per npm package (or the
 * project's own code, or V8 and Node themselves) above it.
 */
export function profileTable(profile: Profile, top = 40, byPackage = false): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<string, number>();
  const packageMs = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split("/").pop() || frame.url;
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ??
      (frame.url.includes("/packages/")
        ? "(this project)"
        : frame.url.startsWith("node:")
          ? "(node)"
          : frame.url
            ? frame.url
            : frame.functionName || "(V8)");
    packageMs.set(pkg, (packageMs.get(pkg) ?? 0) + ms);
    total += ms;
  });
  const table = (entries: Map<string, number>, label: string, n: number) => [
    `| self ms | share | ${label} |`,
    "|---|---|---|",
    ...[...entries.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `| ${ms.toFixed(1)} | ${((ms / total) * 100).toFixed(1)}% | ${key} |`),
  ];
  return [
    `${Math.round(total)} ms sampled`,
    "",
    ...(byPackage ? [...table(packageMs, "package", 25), ""] : []),
    ...table(selfMs, "function", top),
  ].join("\n");
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/**
 * Runs `work` under V8's sampling heap profiler and returns a Markdown table of which functions allocated
 * the most (bytes sampled, whether or not they were freed since): what feeds the garbage collector.
 */
export async function allocationsWhile(page: Page, work: () => Promise<unknown>, top = 30): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.enable");
  await cdp.send("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await work();
  const { profile } = (await cdp.send("HeapProfiler.stopSampling")) as unknown as {
    profile: { head: SamplingNode };
  };
  await cdp.detach();
  const bytes = new Map<string, number>();
  let total = 0;
  const visit = (node: SamplingNode) => {
    const frame = node.callFrame;
    const file = frame.url.split("/").pop() || frame.url;
    const key = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const rows = [...bytes.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `${(total / 1e6).toFixed(1)} MB allocated (sampled)`,
    "",
    "| MB | share | function |",
    "|---|---|---|",
    ...rows.map(([key, n]) => `| ${(n / 1e6).toFixed(2)} | ${((n / total) * 100).toFixed(1)}% | ${key} |`),
  ].join("\n");
}
