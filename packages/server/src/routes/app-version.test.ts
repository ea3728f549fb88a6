import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ appVersion: "2.3.4" });
});
afterAll(() => server.close());

it("answers without login with the version and its update config", async () => {
  const res = await call(server, "GET", "/api/app-version/");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ version: "2.3.4", updateConfig: { localStorage: false, logout: false } });
});

it("still answers when the client sends a stale token", async () => {
  const res = await call(server, "GET", "/api/app-version/", { token: "expired.token.here" });
  expect(res.status).toBe(200);
});
