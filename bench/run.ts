import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchAccounts } from "./accounts.bench";
import { benchGraph } from "./graph.bench";
import type { Measurement } from "./stats";

// `npm run bench`: every benchmark, results written as JSON and a Markdown summary in bench/results/.
const here = path.dirname(fileURLToPath(import.meta.url));
const suites: Record<string, () => Promise<Measurement[]>> = {
  accounts: benchAccounts,
  "node graph (100k nodes, PGlite)": benchGraph,
};

const results: Record<string, Measurement[]> = {};
for (const [name, run] of Object.entries(suites)) {
  console.log(`running ${name} …`);
  results[name] = await run();
}

const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  memory_gb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
};
const date = new Date().toISOString();
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "latest.json"),
  `${JSON.stringify({ date, machine, results }, null, 2)}\n`,
);

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
    "| measurement | runs | p50 ms | p99 ms | mean ms |",
    "|---|---|---|---|---|",
  );
  for (const r of rows) lines.push(`| ${r.name} | ${r.runs} | ${r.p50_ms} | ${r.p99_ms} | ${r.mean_ms} |`);
  lines.push("");
}
writeFileSync(path.join(here, "results", "latest.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
process.exit(0);
