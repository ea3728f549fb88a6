import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { responseSerializerCompiler } from "./response-serializer";

const contract = z.object({ id: z.number().int(), name: z.string() });

/** A one-route app answering `body` under the contract, with responses checked or not. */
async function answer(body: unknown, validate: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(validate));
  app.get("/thing", { schema: { response: { 200: contract } } }, async () => body);
  const res = await app.inject({ method: "GET", url: "/thing" });
  await app.close();
  return { status: res.statusCode, body: res.body };
}

afterEach(() => vi.restoreAllMocks());

describe("response validation (tests and the e2e server)", () => {
  it("passes an answer that matches its contract, as sent", async () => {
    expect(await answer({ name: "树", id: 1 }, true)).toEqual({ status: 200, body: '{"name":"树","id":1}' });
  });

  it("fails an answer with a field missing or of the wrong type, saying where", async () => {
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await answer({ id: 1 }, true)).status).toBe(500);
    expect((await answer({ id: "1", name: "x" }, true)).status).toBe(500);
    expect(report.mock.calls[0]?.[0]).toContain("GET /thing 200");
  });

  it("fails an answer with a field its contract does not declare (zod alone would drop it quietly)", async () => {
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await answer({ id: 1, name: "x", password_hash: "…" }, true)).status).toBe(500);
    expect(String(report.mock.calls[0]?.[1])).toContain("password_hash");
  });
});

describe("production (no validation)", () => {
  it("only stringifies: the answer goes out as the handler made it", async () => {
    expect(await answer({ id: 1, extra: true }, false)).toEqual({
      status: 200,
      body: '{"id":1,"extra":true}',
    });
  });
});
