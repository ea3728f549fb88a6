import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchAccounts } from "./accounts.bench";
import { benchDialogues } from "./dialogues.bench";
import { benchDownload } from "./download.bench";
import { benchFirstRows } from "./first-rows.bench";
import { benchFirstStart } from "./first-start.bench";
import { benchGraph } from "./graph.bench";
import { benchLive } from "./live.bench";
import { benchLoad } from "./load.bench";
import { benchOutliner } from "./outliner.bench";
import { benchProcesses } from "./processes.bench";
import { benchScale } from "./scale.bench";
import type { Measurement } from "./stats";

// `npm run bench`: every benchmark, results written as JSON and a Markdown summary in bench/results/.
// `npm run bench -- outliner` runs only the suites whose names contain a given word; the others keep
// their last results.
const here = path.dirname(fileURLToPath(import.meta.url));
const suites: Record<string, () => Promise<Measurement[]>> = {
  accounts: benchAccounts,
  "node graph (100k nodes, PGlite)": benchGraph,
  "outliner in Chromium (production build)": benchOutliner,
  "live updates (PostgreSQL, two app servers)": benchLive,
  "processes (PGlite)": benchProcesses,
  "first download (Chromium, production build)": benchDownload,
  "first rows (Chromium, production build)": benchFirstRows,
  "first start (npm start on a fresh copy, PGlite)": benchFirstStart,
  "scale (1M nodes, PostgreSQL)": benchScale,
  "dialogues (PGlite)": benchDialogues,
  "load (1M nodes, PostgreSQL, autocannon)": benchLoad,
};
const only = process.argv.slice(2);
const latestJson = path.join(here, "results", "latest.json");

const results: Record<string, Measurement[]> = {};
const failed: string[] = [];
const previous: Record<string, Measurement[]> =
  only.length > 0 && existsSync(latestJson) ? JSON.parse(readFileSync(latestJson, "utf8")).results : {};
for (const [name, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) {
    if (previous[name]) results[name] = previous[name];
    continue;
  }
  console.log(`running ${name} …`);
  try {
    results[name] = await run();
  } catch (error) {
    // One suite failing must not throw away the others' measurements: they are written, and the run fails.
    console.error(`${name} failed:`, error);
    failed.push(name);
    if (previous[name]) results[name] = previous[name];
  }
}

const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memory_gb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
};
const date = new Date().toISOString();
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(latestJson, `${JSON.stringify({ date, machine, results }, null, 2)}\n`);

const lines = [
  `# Benchmark results`,
  "",
  `${date}, ${machine.cpus} cores (${machine.cpu}), ${machine.memory_gb} GiB, Node ${machine.node}`,
  "",
];
for (const [suite, rows] of Object.entries(results)) {
  lines.push(
    `## ${suite}`,
    "",
    "| measurement | runs | p50 ms | p99 ms | mean ms | max ms | dropped frames | KB |",
    "|---|---|---|---|---|---|---|---|",
  );
  // Max and dropped belong to frame measurements only, KB to size measurements (whose times are empty).
  const optional = (n?: number | null) => (n === undefined || n === null || Number.isNaN(n) ? "" : String(n));
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.runs} | ${optional(r.p50_ms)} | ${optional(r.p99_ms)} | ${optional(r.mean_ms)} | ${optional(r.max_ms)} | ${optional(r.dropped)} | ${optional(r.kb)} |`,
    );
  lines.push("");
}
writeFileSync(path.join(here, "results", "latest.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
if (failed.length > 0) console.error(`failed suites (their last results kept): ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
