#!/usr/bin/env node
// `npm start`'s first step: the web build check (ensure-web-build.mjs) and, on the embedded database, its
// creation or migration (packages/server/src/db/migrate-before-start.ts) run side by side, so a fresh
// clone's first start waits for the longer of the two rather than both in turn (issue 18 point 3).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.at(-1)} exited with ${code}`)),
    );
  });
}

/**
 * Whether the embedded database needs creating or migrating: its stamp (db/migrate-apart.ts) names an
 * older migration, or there is none. Read here, without TypeScript, so a later start (nothing to migrate)
 * does not pay for starting a TypeScript process; migrate-before-start.ts checks again before it acts.
 */
function databaseNeedsMigrating() {
  if (process.env.DATABASE_URL) return false;
  const dataDir = path.resolve(process.env.DATA_DIR || path.join(process.cwd(), "data"));
  const stamp = path.join(dataDir, "db.migrated");
  const journal = path.join(root, "packages/server/src/db/migrations/meta/_journal.json");
  const newest = JSON.parse(readFileSync(journal, "utf8")).entries.at(-1)?.tag ?? "";
  return !existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== newest;
}

try {
  await Promise.all([
    run([path.join(root, "scripts/ensure-web-build.mjs")]),
    databaseNeedsMigrating()
      ? run(["--import", "tsx", path.join(root, "packages/server/src/db/migrate-before-start.ts")])
      : Promise.resolve(),
  ]);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
