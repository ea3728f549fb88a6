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
import { useFastIntArrays } from "./int-arrays";
import { migrateApart, needsMigrationApart } from "./migrate-apart";
import { nameRepeatedStatements } from "./named-statements";
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
  /**
   * Listens to a NOTIFY channel (PostgreSQL delivers after commit). On PostgreSQL one dedicated
   * connection listens and comes back by itself after a lost connection, calling `onReconnect` so the
   * listener can catch up on what it missed. Returns a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What a NOTIFY listener is told: each payload, and (PostgreSQL) when its connection is lost and back. */
export interface ListenHandlers {
  onNotify(payload: string): void;
  onLost?(): void;
  onReconnect?(): void;
}

/** Sees every statement Drizzle sends, with its parameters (the benchmark records a call's SQL). */
export interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any constant works; it only has to be the same for every app server migrating one database.
const MIGRATION_LOCK_KEY = 7_420_310;

/**
 * PGlite's PostgreSQL keeps its buffer cache inside the WebAssembly memory, filled in at start: the
 * default 128 MB of shared_buffers was 120 MB of the server's resident memory from its first second
 * (issue 18 point 3: ≤ 400 MB a minute after start). Pages it does not hold are read from the folder's
 * files, which the operating system caches anyway. PGLITE_SHARED_BUFFERS (e.g. 128MB) gives a large
 * workspace more.
 */
const PGLITE_CONFIG = [`shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || "32MB"}`];

/** Opens the embedded PGlite database (a folder, or memory when dataDir is undefined) and migrates it. */
export async function openPglite(dataDir?: string, logger?: QueryLogger): Promise<Database> {
  const client = new PGlite(dataDir, { postgresqlconf: PGLITE_CONFIG });
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    raw: (query, params) => client.query(query, params),
    async listen(channel, { onNotify }) {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
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
  useFastIntArrays();
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server ends (restart, failover, `drop database … with (force)`) emits 'error' on its
  // client, idle or closing; unhandled, that would take the whole process down. A query running on it
  // still fails through its own promise, and the pool replaces the connection.
  const onConnectionError = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  nameRepeatedStatements(pool);
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    raw: (query, params) => pool.query(query, params),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

// How long a lost listening connection waits before it tries again.
const LISTEN_RETRY_MS = 1000;

/** LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting when lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  { onNotify, onLost, onReconnect }: ListenHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  /** Connects and listens, trying again every second until it works or listening stops. */
  const connect = async (): Promise<void> => {
    while (!stopped) {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      let lostAlready = false;
      const lost = () => {
        if (lostAlready || stopped || client !== next) return;
        lostAlready = true;
        client = null;
        onLost?.();
        retry = setTimeout(() => void connect().then(() => !stopped && onReconnect?.()), LISTEN_RETRY_MS);
      };
      next.on("error", lost);
      next.on("end", lost);
      try {
        await next.connect();
        await next.query(`listen "${channel.replace(/"/g, "")}"`);
        client = next;
        return;
      } catch {
        await next.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, LISTEN_RETRY_MS));
      }
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * The database the config asks for: PostgreSQL when DATABASE_URL is set, else PGlite under dataDir/db,
 * migrated first in a child process when its migrations changed (migrate-apart.ts: keeps the server lean).
 */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dataDir = path.join(config.dataDir, "db");
  if (needsMigrationApart(dataDir)) await migrateApart(dataDir);
  return openPglite(dataDir);
}

/** Runs raw SQL and returns its rows; both drivers answer `{rows}`, which Drizzle's types leave unknown. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Re-exported for code outside the server package (bench/): npm nests drizzle-orm under packages/server.
export { sql } from "drizzle-orm";
