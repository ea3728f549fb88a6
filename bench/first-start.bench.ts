import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../packages/server/src/config";
import type { Measurement } from "./stats";

const PORT = Number(process.env.BENCH_START_PORT || 3917);
/** The server's RSS is read this long after it first serves the app. */
const SETTLE_MS = 60_000;
const SERVE_TIMEOUT_MS = 180_000;

/**
 * Issue 18 point 3, first start: the repository copied as a fresh clone has it (its files, no
 * packages/web/dist, no data/; node_modules hard-linked, as `npm install` would have left them), then
 * `npm start` run as a user runs it. Measured: until http://localhost:PORT/ serves the app (goal ≤ 30 s,
 * the web build included), how much of that the web build took, the server's RSS a minute after it
 * serves (goal ≤ 400 MB on the embedded database) and its peak; then the same for a later start.
 */
export async function benchFirstStart(): Promise<Measurement[]> {
  const copy = freshCopy();
  console.log(`  copied to ${copy}`);
  try {
    const first = await startOnce(copy, "first start");
    const later = await startOnce(copy, "later start");
    return [...first, ...later];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The files a clone has (tracked, plus new ones not ignored), with node_modules linked in. */
function freshCopy(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "zhishu-first-start-"));
  const files = execSync("git ls-files -z --cached --others --exclude-standard", {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 2 ** 20,
  })
    .toString()
    .split("\0")
    .filter((file) => file && existsSync(path.join(REPO_ROOT, file)));
  for (const dir of new Set(files.map((file) => path.dirname(file))))
    mkdirSync(path.join(copy, dir), { recursive: true });
  execSync(`xargs -0 cp --parents -t ${JSON.stringify(copy)}`, { cwd: REPO_ROOT, input: files.join("\0") });
  for (const modules of ["node_modules", "packages/server/node_modules", "packages/web/node_modules"])
    if (existsSync(path.join(REPO_ROOT, modules)))
      execSync(
        `cp -al ${JSON.stringify(path.join(REPO_ROOT, modules))} ${JSON.stringify(path.join(copy, modules))}`,
      );
  return copy;
}

/** Every process under `root` (itself included), from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};

/** Resident memory of a process in KB (0 once it is gone). */
function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds the start has used: what the live processes under `root` used, and what their finished
 * children (the build, the migration) used, which the kernel adds to the parent that waited for them.
 * The machine is shared, so wall time depends on the others' load; CPU time much less.
 */
function cpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 after the command.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

async function serves(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/`, { signal: AbortSignal.timeout(2_000) });
    return response.ok && (await response.text()).includes('id="root"');
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(copy: string, label: string): Promise<Measurement[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), LOG_LEVEL: "warn" };
  delete env.NODE_ENV;
  delete env.DATA_DIR;
  delete env.DATABASE_URL;
  delete env.WEB_DIST;
  const log = openSync(path.join(tmpdir(), `zhishu-first-start-${PORT}.log`), "a");
  const started = performance.now();
  // Its own process group, so stopping it stops npm, the build and the server, and nothing else.
  const npm: ChildProcess = spawn("npm", ["start"], {
    cwd: copy,
    env,
    detached: true,
    stdio: ["ignore", log, log],
  });
  const npmPid = npm.pid as number;
  let serverPid = 0;
  let serverSeenAt = 0;
  let servedAt = 0;
  let peakKb = 0;
  let peakTreeKb = 0;
  try {
    while (!servedAt) {
      if (performance.now() - started > SERVE_TIMEOUT_MS)
        throw new Error(`${label}: not serving after 3 minutes`);
      if (npm.exitCode !== null) throw new Error(`${label}: npm start exited with ${npm.exitCode}`);
      if (!serverPid) {
        serverPid =
          processTree(npmPid).find(
            (pid) => cmdline(pid).includes("packages/server/src/main.ts") && cmdline(pid).startsWith("node"),
          ) ?? 0;
        if (serverPid) serverSeenAt = performance.now();
      }
      if (await serves()) servedAt = performance.now();
      else await sleep(100);
    }
    const cpu = cpuSeconds(npmPid);
    const servedMs = servedAt - started;
    console.log(`  ${label}: serving after ${(servedMs / 1000).toFixed(1)} s, ${cpu.toFixed(1)} CPU seconds`);
    // Sampled every second until a minute after it served: the peak, and where it settles.
    while (performance.now() - servedAt < SETTLE_MS) {
      peakKb = Math.max(peakKb, rssKb(serverPid));
      peakTreeKb = Math.max(
        peakTreeKb,
        processTree(serverPid).reduce((sum, pid) => sum + rssKb(pid), 0),
      );
      await sleep(1_000);
    }
    const settledKb = rssKb(serverPid);
    const treeKb = processTree(serverPid).reduce((sum, pid) => sum + rssKb(pid), 0);
    const mb = (kb: number) => Math.round(kb / 1024);
    console.log(
      `  ${label}: RSS ${mb(settledKb)} MB after a minute (peak ${mb(peakKb)} MB; with children ${mb(treeKb)} MB)`,
    );
    const goal = label === "first start" ? 30_000 : 10_000;
    const row = (name: string, ms: number, kb?: number): Measurement => ({
      name,
      runs: 1,
      p50_ms: Math.round(ms),
      p99_ms: Math.round(ms),
      mean_ms: Math.round(ms),
      ...(kb === undefined ? {} : { kb }),
    });
    const sizeRow = (name: string, kb: number): Measurement => ({
      name,
      runs: 1,
      p50_ms: Number.NaN,
      p99_ms: Number.NaN,
      mean_ms: Number.NaN,
      kb,
    });
    return [
      row(`${label}: npm start until / serves the app (goal ≤ ${goal / 1000} s)`, servedMs),
      row(
        `  of which before the server process started (the web build check or build)`,
        serverSeenAt - started,
      ),
      row(`  CPU time it used until then (all its processes: others' load does not add to it)`, cpu * 1000),
      sizeRow(
        `  ${label}: server RSS a minute after it serves: ${mb(settledKb)} MB (goal ≤ 400 MB)`,
        settledKb,
      ),
      sizeRow(
        `  ${label}: server RSS peak in that minute: ${mb(peakKb)} MB (with child processes ${mb(peakTreeKb)} MB)`,
        peakKb,
      ),
    ];
  } finally {
    try {
      process.kill(-npmPid, "SIGTERM");
    } catch {
      // already gone
    }
    const stopping = performance.now();
    while (npm.exitCode === null && npm.signalCode === null && performance.now() - stopping < 15_000)
      await sleep(200);
    if (npm.exitCode === null && npm.signalCode === null) process.kill(-npmPid, "SIGKILL");
    // The port is free again before the next start.
    while (await serves()) await sleep(200);
  }
}
