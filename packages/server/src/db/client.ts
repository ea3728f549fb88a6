import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; inside `db.transaction` use only this, never the outer db (DESIGN.md pitfalls). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs SQL text on the driver itself, past Drizzle (the benchmark's baseline for a call's queries). */
  raw(query: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Sees every statement Drizzle sends, with its parameters (the benchmark records a call's SQL). */
export interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any constant works; it only has to be the same for every app server migrating one database.
const MIGRATION_LOCK_KEY = 7_420_310;

/** Opens the embedded PGlite database (a folder, or memory when dataDir is undefined) and migrates it. */
export async function openPglite(dataDir?: string, logger?: QueryLogger): Promise<Database> {
  const client = new PGlite(dataDir);
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    raw: (query, params) => client.query(query, params),
    close: () => client.close(),
  };
}

/** Opens a PostgreSQL pool and migrates under an advisory lock, so app servers starting together take turns. */
export async function openPostgres(url: string, poolSize = 10, logger?: QueryLogger): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: migrator }), { migrationsFolder });
  } finally {
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server ends (restart, failover, `drop database … with (force)`) emits 'error' on its
  // client, idle or closing; unhandled, that would take the whole process down. A query running on it
  // still fails through its own promise, and the pool replaces the connection.
  const onConnectionError = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    raw: (query, params) => pool.query(query, params),
    close: () => pool.end(),
  };
}

/** The database the config asks for: PostgreSQL when DATABASE_URL is set, else PGlite under dataDir/db. */
export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, "db"));
}

/** Runs raw SQL and returns its rows; both drivers answer `{rows}`, which Drizzle's types leave unknown. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Re-exported for code outside the server package (bench/): npm nests drizzle-orm under packages/server.
export { sql } from "drizzle-orm";
