import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { noInputSchema, successSchema } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { call, makeUser } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";
import { redactUrl } from "./log-safety";

// A second app on the harness's database, logging at info level into `lines`.
let base: TestServer;
let app: FastifyInstance;
let url: string;
let dataDir: string;
const lines: string[] = [];
const SECRET_PARAM = `secret-${randomBytes(8).toString("hex")}`;

beforeAll(async () => {
  base = await startTestServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "zhishu-log-"));
  const database: Database = base.database;
  app = await buildApp({ ...base.config, dataDir, logLevel: "info" }, database, {
    logStream: { write: (line) => void lines.push(line) },
  });
  // A query that fails inside the database (division by zero), carrying a parameter that must not be logged.
  app.get(
    "/api/test/failing-query",
    { config: { public: true }, schema: { querystring: noInputSchema, response: { 200: successSchema } } },
    async () => {
      await database.db.execute(sql`select 1 / 0 where ${SECRET_PARAM} <> ''`);
      return { success: true };
    },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
  await base.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("redacts websocket tokens from logged URLs", async () => {
  const { access } = await makeUser(base);
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/ws/processes/?token=${access}`);
  await new Promise((resolve) => socket.once("message", resolve));
  socket.close(1000);
  const logged = lines.join("\n");
  expect(logged).toContain("/ws/processes/?token=[redacted]");
  expect(logged).not.toContain(access);
  expect(logged).not.toContain(access.split(".")[2]);
});

it("logs a failed query's SQL and error, never its parameters", async () => {
  const res = await call({ ...base, url }, "GET", "/api/test/failing-query");
  expect(res.status).toBe(500);
  expect(res.body.code).toBe("INTERNAL");
  const logged = lines.filter((line) => line.includes("unhandled error")).join("\n");
  expect(logged).toContain("Failed query: select 1 / 0");
  expect(logged).toContain("22012");
  expect(logged).not.toContain(SECRET_PARAM);
});

it("redacts every token-like query parameter", () => {
  expect(redactUrl("/ws/task/x?token=abc.def&x=1")).toBe("/ws/task/x?token=[redacted]&x=1");
  expect(redactUrl("/a?x=1&refresh=r1&access_token=t")).toBe(
    "/a?x=1&refresh=[redacted]&access_token=[redacted]",
  );
  expect(redactUrl("/api/dnode/1")).toBe("/api/dnode/1");
});
