import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app";
import type { AppConfig } from "../config";
import { type Database, openPglite, openPostgres, type QueryLogger } from "../db/client";

/** A running server on a random loopback port, over a fresh database of its own. */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The PostgreSQL database's URL (PostgreSQL runs only), so a second app server can share it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** Which database this test run uses: TEST_DB=postgres needs TEST_DATABASE_URL. */
export const testDbKind = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

/** Creates a throwaway PostgreSQL database next to TEST_DATABASE_URL and returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `zhishu_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts the app over real HTTP on a fresh database (PGlite in memory, or a new PostgreSQL database);
 * a logger sees every statement (benchmarks); `kind` overrides TEST_DB (the live benchmark needs PostgreSQL).
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  logger?: QueryLogger,
  kind = testDbKind,
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "zhishu-test-"));
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    const created = await createPostgresDatabase();
    database = await openPostgres(created.url, 5, logger);
    dropDatabase = created.drop;
    databaseUrl = created.url;
  } else {
    database = await openPglite(undefined, logger);
  }
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    jwtSecret: randomBytes(32).toString("hex"),
    logLevel: "silent",
    appVersion: "9.9.9-test",
    accessTokenTtl: 900,
    refreshTokenTtl: 3600,
    // Every answer in a test is checked against its contract; benchmarks turn this off to time production.
    validateResponses: true,
    trustProxy: false,
    // Every test registers from 127.0.0.1; the registration throttle has its own test with a low limit.
    registerLimitPerHour: 1_000_000,
    ...overrides,
  };
  const app = await buildApp(config, database);
  closeLingeringConnections(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app server on the same PostgreSQL database as `first`, with the same secret: what a deployment
 * behind a load balancer runs. Closing it leaves the database to `first`.
 */
export async function startSecondServer(first: TestServer): Promise<TestServer> {
  if (!first.databaseUrl) throw new Error("a second app server needs PostgreSQL (TEST_DB=postgres)");
  const database = await openPostgres(first.databaseUrl, 5);
  const app = await buildApp(first.config, database);
  closeLingeringConnections(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config: first.config,
    databaseUrl: first.databaseUrl,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A test's server closes only once its tests are done, so no answer is still owed; but a connection of
 * the test's fetch that Node does not count as idle (seen after multipart uploads) kept server.close()
 * and the file's afterAll waiting forever. After every preClose hook has run (live sockets are told to
 * poll first), whatever connection is left is closed.
 */
function closeLingeringConnections(app: Awaited<ReturnType<typeof buildApp>>): void {
  app.addHook("preClose", async () => {
    app.server.closeAllConnections();
  });
}
