import { sql } from "drizzle-orm";
import type { Database } from "./client";

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * PGlite has no autovacuum: without this, an embedded database never refreshes its planner statistics
 * or visibility map, and index-only scans (relation groups, search) decay into heap scans as it grows.
 * PostgreSQL servers do this themselves. Returns a function that stops it.
 */
export function startMaintenance(database: Database, log: (message: string) => void): () => void {
  if (database.kind !== "pglite") return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await database.db.execute(sql`vacuum analyze`);
    } catch (error) {
      log(`database maintenance failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
