#!/usr/bin/env node
// `npm test`: type check, lint, every Vitest project (shared, web, server API on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL), then the end-to-end suite in Chromium. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, ".vitest-results");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function vitest(label, args, resultFile) {
  const outputFile = path.join(resultsDir, resultFile);
  run(label, "npx", [
    "vitest",
    "run",
    ...args,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${outputFile}`,
  ]);
  if (!existsSync(outputFile)) {
    failures.push(`${label}: no results written`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

run("type check", "npm", ["run", "typecheck", "--silent"]);
run("lint", "npx", ["biome", "check", "."]);

if (process.env.TEST_DATABASE_URL)
  console.log(`API tests run on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL})`);
else console.log("TEST_DATABASE_URL is not set: API tests run on PGlite only");
vitest("unit, web and API tests", [], "unit.json");

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
if (existsSync(chrome)) {
  vitest("end-to-end tests in Chromium", ["--config", "e2e/vitest.config.ts"], "e2e.json");
} else if (process.env.CI) {
  failures.push(`end-to-end: no Chromium at ${chrome} (CI requires it)`);
} else {
  console.log(
    `\n!!! NO CHROMIUM AT ${chrome}: END-TO-END TESTS SKIPPED (apt-get install chromium, or set CHROME_PATH) !!!\n`,
  );
}

if (failures.length) console.log(`\nFailed stages: ${failures.join("; ")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
