import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "./test/client";
import { useTestServer } from "./test/use-test-server";

const { server, user } = useTestServer({ users: ["user"] });
const token = () => user.access;

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

  const create = (rawBody: string) =>
    call(server, "POST", "/api/dnode/create/", {
      token: token(),
      rawBody,
      headers: { "content-type": "application/json" },
    });

  it.each([
    ["a NUL in a string", '{"name": "a\\u0000b"}'],
    ["a NUL in a key", '{"content": {"k\\u0000": 1}}'],
    ["a lone surrogate", '{"name": "\\ud800"}'],
    ["a lone low surrogate in content", '{"content": {"text": "x\\udc00"}}'],
  ])("%s is a 400 BAD_CHARACTERS, never reaching the database", async (_name, body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: MESSAGES.badCharacters, code: "BAD_CHARACTERS" });
  });

  it("keeps proper surrogate pairs (emoji) and Chinese", async () => {
    const res = await create(JSON.stringify({ name: "知树 😀" }));
    expect(res.status).toBe(200);
    expect(res.body.dnode.name).toBe("知树 😀");
  });

  it("a JSON body nested 5,000 deep is a 400 JSON_TOO_DEEP, 64 levels are fine", async () => {
    const deep = await create(`{"content": {"a": ${"[".repeat(5000)}${"]".repeat(5000)}}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ success: false, error: MESSAGES.jsonTooDeep, code: "JSON_TOO_DEEP" });
    const ok = await create(`{"content": {"a": ${"[".repeat(60)}${"]".repeat(60)}}}`);
    expect(ok.status).toBe(200);
  });

  it.each([[true], [[5]], ["5"], [1.5], [0], [{ id: 1 }]])(
    "an id of %j in a body is a 400, not a coerced id",
    async (id) => {
      const res = await call(server, "POST", "/api/dnode/create/", {
        token: token(),
        body: { name: "x", location_id: id },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", error: MESSAGES.idInvalid });
    },
  );

  it("ids in paths and query strings still arrive as digits", async () => {
    const { dnode } = (await create(JSON.stringify({ name: "by path" }))).body;
    expect((await call(server, "GET", `/api/dnode/${dnode.id}`, { token: token() })).status).toBe(200);
    const list = await call(server, "GET", `/api/dnode/by_ids?ids=${dnode.id}`, { token: token() });
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([dnode.id]);
    expect((await call(server, "GET", "/api/dnode/true", { token: token() })).status).toBe(400);
  });

  it("a NUL or lone surrogate in a query string or path is a 400", async () => {
    for (const path of ["/api/dnode/search/?search=a%00b", "/api/user/search/?q=a%00"]) {
      const res = await call(server, "GET", path, { token: token() });
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe("BAD_CHARACTERS");
    }
  });

  it("a URL the router cannot decode is a 400, an over-long path id a 414, in our shape", async () => {
    const bad = await call(server, "GET", "/api/dnode/%ED%A0%80", { token: token() });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: MESSAGES.badUrl, code: "BAD_URL" });
    const long = await call(server, "GET", `/api/dnode/${"9".repeat(600)}`, { token: token() });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ success: false, error: MESSAGES.headersTooLarge, code: "URL_TOO_LONG" });
  });

  it("a URL over the HTTP parser's header limit is a 431 in our shape", async () => {
    const res = await call(server, "GET", `/api/dnode/search/?search=${"x".repeat(70_000)}`, {
      token: token(),
    });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ success: false, error: MESSAGES.headersTooLarge, code: "HEADERS_TOO_LARGE" });
  });
});
