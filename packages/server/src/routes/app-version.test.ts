import { expect, it } from "vitest";
import { call } from "../test/client";
import { useTestServer } from "../test/use-test-server";

const { server } = useTestServer({ config: { appVersion: "2.3.4" } });

it("answers without login with the version and its update config", async () => {
  const res = await call(server, "GET", "/api/app-version/");
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ version: "2.3.4", updateConfig: { localStorage: false, logout: false } });
});

it("still answers when the client sends a stale token", async () => {
  const res = await call(server, "GET", "/api/app-version/", { token: "expired.token.here" });
  expect(res.status).toBe(200);
});
