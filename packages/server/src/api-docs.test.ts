import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./test/client";
import { startTestServer, type TestServer } from "./test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
}

/** `/api/dnode/:id/evolves` as OpenAPI writes it: `/api/dnode/{id}/evolves` (and `*` as `{*}`). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");

describe("GET /api/docs/openapi.json", () => {
  it("is open to anyone and describes every /api route with its request and 2xx response schemas", async () => {
    const res = await call(server, "GET", "/api/docs/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const paths: Record<string, Record<string, Operation>> = res.body.paths;
    const routes = server.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const op = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: missing`);
        continue;
      }
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      if (!success.some(([, r]) => Object.values(r.content ?? {}).some((c) => c.schema)))
        problems.push(`${name}: no 2xx response schema`);
      if (route.request.length === 0) problems.push(`${name}: no request schema`);
      const pathParams = [...route.url.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? "*");
      for (const param of pathParams)
        if (!op.parameters?.some((p) => p.in === "path" && p.name === param))
          problems.push(`${name}: path parameter ${param} undescribed`);
      if (route.request.includes("body") && !op.requestBody) problems.push(`${name}: body undescribed`);
    }
    expect(problems).toEqual([]);
  });

  it("marks the calls that need a login and leaves the open ones open", async () => {
    const { body } = await call(server, "GET", "/api/docs/openapi.json");
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(body.paths["/api/dnode/{id}"].get.security).toEqual([{ bearer: [] }]);
    expect(body.paths["/api/login"].post.security).toBeUndefined();
    expect(body.paths["/api/app-version/"].get.security).toBeUndefined();
  });

  it("names the shared shapes once (Dnode, Relation, the error body) and refers to them", async () => {
    const { body } = await call(server, "GET", "/api/docs/openapi.json");
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(["Dnode", "Relation", "ApiError", "User"]),
    );
    const page = body.paths["/api/dnode/{id}/relations_with_data/"].get;
    expect(page.responses["200"].content["application/json"].schema.properties.related_nodes.items).toEqual({
      $ref: "#/components/schemas/Dnode",
    });
    expect(page.responses["4XX"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ApiError",
    });
    // The docs themselves are not API calls and stay out of the description.
    expect(Object.keys(body.paths).filter((p) => p.startsWith("/api/docs"))).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("serves the reference page without login, loading its script from us (no inline script)", async () => {
    const res = await call(server, "GET", "/api/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const scripts = [...String(res.body).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    // Only a data block (never executed) and an external script.
    expect(scripts.map(([, attrs, text]) => ({ json: attrs?.includes("application/json"), text }))).toEqual([
      { json: true, text: "" },
      { json: false, text: "" },
    ]);
    const script = await fetch(`${server.url}/api/docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
  });

  it("sends /api/docs to /api/docs/, where the page's relative links resolve", async () => {
    const res = await fetch(`${server.url}/api/docs`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/api/docs/");
  });
});
