import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";

const INDEX_HTML = "<!doctype html><title>知树</title><div id=root></div>";
let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), "zhishu-web-"));
  writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log('app')");
  // What the build writes beside a large file (packages/web/precompress.ts).
  const big = `console.log(${JSON.stringify("知树".repeat(2000))})`;
  writeFileSync(path.join(webDist, "assets", "big-abc123.js"), big);
  writeFileSync(path.join(webDist, "assets", "big-abc123.js.br"), brotliCompressSync(big));
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

it("serves index.html for client routes such as /data/123", async () => {
  for (const route of ["/", "/data/123", "/data/5/CHILD_NODE", "/user/7", "/xiaoxi?agent_id=3"]) {
    const res = await call(server, "GET", route);
    expect(res.status, route).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.body).toContain("<title>知树</title>");
  }
});

it("serves built assets with a long cache and index.html without", async () => {
  const asset = await call(server, "GET", "/assets/app-abc123.js");
  expect(asset.status).toBe(200);
  expect(asset.headers.get("content-type")).toContain("javascript");
  expect(asset.headers.get("cache-control")).toContain("immutable");
  expect((await call(server, "GET", "/data/1")).headers.get("cache-control")).toBe("no-cache");
});

it("keeps unknown API and websocket paths as 404 JSON, not the app", async () => {
  for (const route of ["/api/nothing", "/api", "/ws/unknown"]) {
    const res = await call(server, "GET", route);
    expect(res.status, route).toBe(404);
    expect(res.body.code).toBe("ROUTE_NOT_FOUND");
  }
});

it("sends the security headers with the app, the API and its errors", async () => {
  for (const route of ["/", "/data/123", "/assets/app-abc123.js", "/api/app-version/", "/api/nothing"]) {
    const { headers } = await call(server, "GET", route);
    const csp = headers.get("content-security-policy") ?? "";
    expect(csp, route).toContain("script-src 'self';");
    expect(csp, route).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, route).toContain("frame-ancestors 'none'");
    expect(csp, route).toContain("connect-src 'self' ws: wss:");
    expect(headers.get("x-content-type-options"), route).toBe("nosniff");
    expect(headers.get("referrer-policy"), route).toBe("strict-origin-when-cross-origin");
  }
});

it("allows index.html's inline script by its hash, and no other inline script anywhere", async () => {
  // What the build inlines first in the page's head (packages/web/early-entry.ts).
  const early = "(function(){document.title='知树'})();";
  const html = `<!doctype html><script>${early}</script><script type="application/json">{}</script><title>知树</title>`;
  const hash = `'sha256-${createHash("sha256").update(early, "utf8").digest("base64")}'`;
  writeFileSync(path.join(webDist, "index.html"), html);
  // The build writes a brotli copy of the page too, which browsers are sent.
  writeFileSync(path.join(webDist, "index.html.br"), brotliCompressSync(html));
  // A later mtime, as a rebuild while the server runs gives.
  utimesSync(path.join(webDist, "index.html"), new Date(), new Date(Date.now() + 5_000));
  try {
    const apiPolicy = (await call(server, "GET", "/api/app-version/")).headers.get("content-security-policy");
    for (const [route, encoding] of [
      ["/", "identity"],
      ["/", "br"],
      ["/data/123", "identity"],
      ["/data/123", "br"],
    ] as const) {
      const res = await call(server, "GET", route, { headers: { "accept-encoding": encoding } });
      const csp = res.headers.get("content-security-policy") ?? "";
      // The same policy as everywhere else, but for that one script.
      expect(csp.replace(` ${hash}`, ""), route).toBe(apiPolicy);
      expect(csp, route).toContain(`script-src 'self' ${hash};`);
      expect(csp, route).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp.match(/sha256-/g), route).toHaveLength(1);
      expect(csp, route).toContain("frame-ancestors 'none'");
    }
    for (const route of ["/assets/app-abc123.js", "/api/app-version/", "/api/nothing"]) {
      const csp = (await call(server, "GET", route)).headers.get("content-security-policy") ?? "";
      expect(csp, route).toContain("script-src 'self';");
    }
  } finally {
    rmSync(path.join(webDist, "index.html.br"));
    writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
    utimesSync(path.join(webDist, "index.html"), new Date(), new Date(Date.now() + 10_000));
  }
});

it("sends a built file's brotli copy to browsers that take it, and the plain file to others", async () => {
  const compressed = await call(server, "GET", "/assets/big-abc123.js", {
    headers: { "accept-encoding": "br, gzip" },
  });
  expect(compressed.status).toBe(200);
  expect(compressed.headers.get("content-encoding")).toBe("br");
  expect(compressed.headers.get("vary")).toContain("accept-encoding");
  expect(compressed.body).toContain("知树知树");
  const plain = await call(server, "GET", "/assets/big-abc123.js", {
    headers: { "accept-encoding": "identity" },
  });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(plain.body).toContain("知树知树");
});

it("compresses JSON answers over about 1 KB and leaves small ones plain", async () => {
  const large = await call(server, "GET", "/api/docs/openapi.json", {
    headers: { "accept-encoding": "gzip" },
  });
  expect(large.status).toBe(200);
  expect(large.headers.get("content-encoding")).toBe("gzip");
  expect(large.body.openapi).toBeDefined();
  const small = await call(server, "GET", "/api/app-version/", { headers: { "accept-encoding": "gzip" } });
  expect(small.headers.get("content-encoding")).toBeNull();
});
