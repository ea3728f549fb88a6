import { MESSAGES } from "@zhishu/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./test/client";
import { startTestServer, type TestServer } from "./test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("error conventions", () => {
  it("malformed JSON is a 400 in the error shape", async () => {
    const res = await call(server, "POST", "/api/login", {
      rawBody: '{"username": "a", ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: MESSAGES.malformedJson, code: "MALFORMED_JSON" });
  });

  it("an empty JSON body is a 400, not a 500", async () => {
    const res = await call(server, "POST", "/api/register", {
      rawBody: "",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it("a JSON array where an object is expected is a 400", async () => {
    const res = await call(server, "POST", "/api/register", { body: [1, 2, 3] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
  });

  it("a body over the limit is a 413", async () => {
    const big = JSON.stringify({ username: "a", password: "x".repeat(2 * 1024 * 1024) });
    const res = await call(server, "POST", "/api/login", {
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: MESSAGES.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
  });

  it("an unsupported content type is a 415 in the error shape", async () => {
    const res = await call(server, "POST", "/api/login", {
      rawBody: "x",
      headers: { "content-type": "text/csv" },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("an unknown /api route is a 404 JSON", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call(server, method, "/api/no/such/route");
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: MESSAGES.routeNotFound, code: "ROUTE_NOT_FOUND" });
    }
  });

  it("a NUL byte or a huge string in a field is refused, not a 500", async () => {
    const res = await call(server, "POST", "/api/register", {
      body: { username: "nul\u0000name", email: "n@example.com", password: "tree-pass-1" },
    });
    expect(res.status).toBe(400);
  });
});
