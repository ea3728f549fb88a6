import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../packages/server/src/app";
import { openPostgres } from "../packages/server/src/db/client";
import { type Profile, profileTable } from "./cpu-profile";
import type { RecordedRoute } from "./load-raw";
import { appConfig, startNodeFlags } from "./load-server";
import {
  benchScale,
  DB_NAME,
  ensureDatabase,
  PASSWORD,
  type Seeded,
  seedFinished,
  USERNAME,
} from "./scale.bench";
import type { Measurement } from "./stats";

/**
 * Issue 18 point 2, `npm run bench -- load`: throughput of two hot reads on the 1M-node PostgreSQL
 * database of the scale bench — GET /api/dnode/{id} (the node with 10k children) and the first page of
 * its children as the web asks for it (relations_with_data) — under autocannon, 64 connections for 30 s
 * and 8 for 21 s, beside a raw baseline (bench/load-raw.ts: node:http + pg, the same statements the app
 * sent, as named prepared statements) and the same baseline with the app's int4[] parser. Each target's
 * time is taken in three slices, the targets in turns, and each figure is the median of its slices. The
 * app and the baselines run in processes of their own, so their CPU time and memory are read from /proc;
 * PostgreSQL's CPU is that of the backends of the database.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CLOCK_TICKS = 100;

export async function benchLoad(): Promise<Measurement[]> {
  const url = await ensureDatabase();
  if (!(await seedFinished(url))) await benchScale();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const seeded = (await admin.query("select info from bench_scale_seeded")).rows[0].info as Seeded;
  const routes = [
    { label: "GET /api/dnode/{id} (node with 10k children)", path: `/api/dnode/${seeded.wide}` },
    {
      label: "relations_with_data, first page of the 10k children",
      path: `/api/dnode/${seeded.wide}/relations_with_data/?page_size=40&relation_pages=%7B%7D&relation_names=CHILD_NODE`,
    },
  ];
  // The app with npm start's Node flags; the raw baseline with none (node's defaults).
  const app = await startChild("load-server.ts", [url, randomBytes(32).toString("hex")], startNodeFlags());
  // BENCH_LOAD_BEFORE=<a checkout of an earlier commit>: its app runs beside, for a before/after under
  // the same load (its bench/ needs this load-server.ts).
  const beforeDir = process.env.BENCH_LOAD_BEFORE;
  const before = beforeDir
    ? await startChild(
        path.join(beforeDir, "bench", "load-server.ts"),
        [url, randomBytes(32).toString("hex")],
        startNodeFlags(),
      )
    : null;
  const results: Measurement[] = [];
  const baselines: Child[] = [];
  try {
    const token = await login(app.port);
    const statements = path.join(mkdtempSync(path.join(tmpdir(), "zhishu-load-")), "statements.json");
    writeFileSync(statements, JSON.stringify(await recordRoutes(url, routes)));
    const raw = await startChild("load-raw.ts", [url, statements]);
    baselines.push(raw);
    // The baseline again with the app's int4[] parser (db/int-arrays.ts), so that the README can say
    // how much of the app's ratio is that parser and how much is the rest.
    const rawParser = await startChild("load-raw.ts", [url, statements, "--app-int-arrays"]);
    baselines.push(rawParser);
    const tokens = new Map([[app, token]]);
    if (before) tokens.set(before, await login(before.port));
    const targets: [string, Child][] = [
      ["app", app],
      ...(before ? [["app before", before] as [string, Child]] : []),
      ["raw baseline", raw],
      ["raw baseline with the app's array parser", rawParser],
    ];
    for (const route of routes) {
      for (const [connections, duration] of [
        [64, 30],
        [8, 21],
      ] as const) {
        // Warm: the pool fills, statements are prepared, the JIT has the hot paths.
        for (const [, child] of targets) {
          const headers = { authorization: `Bearer ${tokens.get(child) ?? token}` };
          await autocannon({
            url: `http://127.0.0.1:${child.port}${route.path}`,
            connections,
            duration: 3,
            headers,
          });
        }
        // Interleaved: each target's time in three slices, the targets taking turns (the first one
        // changing each round), so that a machine that slows down or speeds up during the minute weighs
        // on all of them alike; each figure is the median of its three slices.
        const slices = new Map<Child, Slice[]>(targets.map(([, child]) => [child, []]));
        for (let round = 0; round < ROUNDS; round++) {
          for (let t = 0; t < targets.length; t++) {
            const child = targets[(t + round) % targets.length]![1];
            slices
              .get(child)!
              .push(
                await loadSlice(
                  admin,
                  child,
                  route.path,
                  tokens.get(child) ?? token,
                  connections,
                  duration / ROUNDS,
                ),
              );
          }
        }
        const rawRate = median(slices.get(raw)!.map((slice) => slice.rate));
        for (const [name, child] of targets) {
          const runs = slices.get(child)!;
          const rate = median(runs.map((slice) => slice.rate));
          const failed = runs.reduce((total, slice) => total + slice.failed, 0);
          const summary =
            `${route.label}, ${name}, ${connections} connections ${duration} s: ` +
            `${Math.round(rate)} req/s (${Math.round((rate / rawRate) * 100)}% of the raw baseline), ` +
            `CPU per request Node ${median(runs.map((slice) => slice.nodeMs)).toFixed(2)} ms / ` +
            `PostgreSQL ${median(runs.map((slice) => slice.pgMs)).toFixed(2)} ms, ` +
            `RSS max ${Math.round(Math.max(...runs.map((slice) => slice.rssKiB)) / 1024)} MiB, ` +
            `load ${runs.map((slice) => slice.load).join("/")}${failed > 0 ? `, ${failed} failed` : ""}`;
          console.log(`  ${summary}`);
          results.push({
            name: summary,
            runs: runs.reduce((total, slice) => total + slice.requests, 0),
            p50_ms: median(runs.map((slice) => slice.p50)),
            p99_ms: median(runs.map((slice) => slice.p99)),
            mean_ms: median(runs.map((slice) => slice.mean)),
          });
        }
      }
    }
    if (process.env.BENCH_PROFILE === "1") await profileApp(url, routes);
    return results;
  } finally {
    await admin.end();
    await stopChild(app);
    if (before) await stopChild(before);
    for (const baseline of baselines) await stopChild(baseline);
  }
}

/**
 * BENCH_PROFILE=1: where the app's CPU goes under load (8 connections, 15 s per route), from V8's
 * profiler (`--cpu-prof`), by package and by function: bench/results/load-profile.md.
 */
export async function profileApp(url: string, routes: { label: string; path: string }[]): Promise<void> {
  const sections: string[] = ["# Where the app's CPU goes under load", ""];
  for (const route of routes) {
    const dir = mkdtempSync(path.join(tmpdir(), "zhishu-profile-"));
    const app = await startChild(
      "load-server.ts",
      [url, randomBytes(32).toString("hex")],
      [...startNodeFlags(), "--cpu-prof", `--cpu-prof-dir=${dir}`],
    );
    const token = await login(app.port);
    const target = {
      url: `http://127.0.0.1:${app.port}${route.path}`,
      headers: { authorization: `Bearer ${token}` },
    };
    await autocannon({ ...target, connections: 8, duration: 3 });
    const run = await autocannon({ ...target, connections: 8, duration: 15 });
    await stopChild(app);
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"))!;
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
    sections.push(
      `## ${route.label} (${run.requests.total} requests, with warm-up and start)`,
      "",
      profileTable(profile, 40, true),
      "",
    );
  }
  writeFileSync(path.join(here, "results", "load-profile.md"), sections.join("\n"));
}

interface Child {
  process: ChildProcess;
  port: number;
}

// Each target's time at each load is measured in this many interleaved slices.
const ROUNDS = 3;

/** One slice of load on one target: its rate, latencies and the CPU it and PostgreSQL spent per request. */
interface Slice {
  rate: number;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  mean: number;
  nodeMs: number;
  pgMs: number;
  rssKiB: number;
  load: string;
}

async function loadSlice(
  admin: pg.Client,
  child: Child,
  routePath: string,
  token: string,
  connections: number,
  duration: number,
): Promise<Slice> {
  const pid = child.process.pid!;
  const pgBefore = new Map((await backendPids(admin)).map((backend) => [backend, cpuTicks(backend)]));
  const nodeBefore = cpuTicks(pid);
  let rssKiB = 0;
  const sampler = setInterval(() => (rssKiB = Math.max(rssKiB, rss(pid))), 500);
  const load = loadavg()[0]!.toFixed(1);
  const run = await autocannon({
    url: `http://127.0.0.1:${child.port}${routePath}`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  clearInterval(sampler);
  const node = cpuTicks(pid) - nodeBefore;
  // Backends alive at the end, from their count at the start (0 for those that connected since); the
  // pool closes idle connections, which used no CPU in the run.
  const pgTicks = (await backendPids(admin)).reduce(
    (total, backend) => total + cpuTicks(backend) - (pgBefore.get(backend) ?? 0),
    0,
  );
  const requests = run.requests.total;
  const perRequest = (ticks: number) => ((ticks / CLOCK_TICKS) * 1000) / requests;
  return {
    rate: requests / duration,
    requests,
    failed: run.non2xx + run.errors,
    p50: run.latency.p50,
    p99: run.latency.p99,
    mean: run.latency.average,
    nodeMs: perRequest(node),
    pgMs: perRequest(pgTicks),
    rssKiB,
    load,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function startChild(script: string, args: string[], nodeArgs: string[] = []): Promise<Child> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, "--import", "tsx", path.resolve(here, script), ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { process: child, port };
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.on("exit", resolve));
  child.process.kill("SIGTERM");
  await exited;
}

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  return ((await response.json()) as { access: string }).access;
}

/**
 * The statements each route sends, recorded on a copy of the app in this process (its pool's queries are
 * watched), grouped in waves: statements sent before any of the wave had answered ran side by side.
 */
async function recordRoutes(url: string, routes: { path: string }[]): Promise<RecordedRoute[]> {
  type Sent = { text: string; values: unknown[]; start: number; end: number };
  let sent: Sent[] | null = null;
  const pool = pg.Pool.prototype as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = pool.query;
  pool.query = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    const config = args[0] as { text?: string } | string;
    if (!sent || typeof config !== "object" || !config.text) return result;
    const entry: Sent = {
      text: config.text,
      values: args[1] as unknown[],
      start: performance.now(),
      end: Infinity,
    };
    sent.push(entry);
    return result.then((value) => {
      entry.end = performance.now();
      return value;
    });
  };
  const database = await openPostgres(url, 10);
  const app = await buildApp(appConfig(randomBytes(32).toString("hex")), database);
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const token = await login(port);
    const recorded: RecordedRoute[] = [];
    for (const route of routes) {
      const get = () =>
        fetch(`http://127.0.0.1:${port}${route.path}`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((response) => response.text());
      await get();
      sent = [];
      await get();
      const waves: RecordedRoute["waves"] = [];
      let waveEnd = -Infinity;
      for (const s of sent.sort((a, b) => a.start - b.start)) {
        if (s.start >= waveEnd || waves.length === 0) {
          waves.push([]);
          waveEnd = s.end;
        }
        waveEnd = Math.min(waveEnd, s.end);
        waves[waves.length - 1]!.push({ text: s.text, values: s.values });
      }
      sent = null;
      recorded.push({ path: route.path, waves });
      console.log(`  ${route.path}: ${waves.map((w) => w.length).join(" + ")} statements`);
    }
    return recorded;
  } finally {
    pool.query = original;
    await app.close();
    await database.close();
  }
}

async function backendPids(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [DB_NAME],
  );
  return rows.map((r) => Number(r.pid));
}

/** User and system CPU time of a process, in clock ticks (0 when it is gone). */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Resident memory of a process in KiB. */
function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}
