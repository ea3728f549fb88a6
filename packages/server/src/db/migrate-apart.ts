import { fork } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * PGlite runs PostgreSQL in WebAssembly, whose memory only grows: creating a database (initdb) and running
 * the migrations on it takes the instance to ~850 MB, which the server then kept for its whole life
 * (issue 18: 804–900 MB a minute after a first start, against ~350 MB after a later one). So when the
 * migrations have changed since the folder was last migrated — a first start, or an upgrade — they run
 * in a short-lived child process first, and the server opens a database that is already up to date.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const journal = path.join(here, "migrations", "meta", "_journal.json");

/** The newest migration's tag: what a database migrated to the end has seen last. */
function newestMigration(): string {
  const entries = (JSON.parse(readFileSync(journal, "utf8")) as { entries: { tag: string }[] }).entries;
  return entries.at(-1)?.tag ?? "";
}

/** Beside the database folder: the newest migration it was brought to by a child process. */
const stampOf = (dataDir: string) => `${dataDir}.migrated`;

export function needsMigrationApart(dataDir: string): boolean {
  const stamp = stampOf(dataDir);
  return !existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== newestMigration();
}

/** Migrates `dataDir` in a child process (same Node flags, so TypeScript loads the same way) and stamps it. */
export async function migrateApart(dataDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    // The child is TypeScript: it needs tsx as this process has it (`node --import tsx`), or added.
    const hasTsx = process.execArgv.some((arg) => arg.includes("tsx"));
    const child = fork(path.join(here, "migrate-child.ts"), [dataDir], {
      execArgv: hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"],
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`database migration process exited with ${code}`)),
    );
  });
  writeFileSync(stampOf(dataDir), `${newestMigration()}\n`);
}
