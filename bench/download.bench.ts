import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { REPO_ROOT } from "../packages/server/src/config";
import { makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startTestServer } from "../packages/server/src/test/harness";
import type { Measurement } from "./stats";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

/** What a page load fetched, as the browser counted it: bytes on the wire (encoded) and unpacked. */
interface Fetched {
  jsWire: number;
  jsDecoded: number;
  allWire: number;
}

/**
 * Issue 18 point 4, first download: the JavaScript a browser fetches for the login form, for home, and
 * what a node page adds after home, read from `performance.getEntriesByType('resource')` (encoded sizes:
 * what went over the wire, after compression). Goals: home ≤ 400 KB of JS, a node page's extra ≤ 250 KB.
 */
export async function benchDownload(): Promise<Measurement[]> {
  if (!existsSync(chromePath)) {
    console.log(`  skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
    return [];
  }
  execSync("node scripts/ensure-web-build.mjs", { cwd: REPO_ROOT, stdio: "inherit" });
  const server = await startTestServer({ webDist: path.join(REPO_ROOT, "packages/web/dist") });
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox"],
  });
  try {
    const login = await makeUser(server);
    const { dnode } = await createNode(server, login.access, { type: "DIR", name: "下载量" });
    const signedOut = await loadAndCount(browser, server.url, "/", null);
    const home = await loadAndCount(browser, server.url, "/", login);
    const nodePage = await loadAndCount(browser, server.url, `/data/${dnode.id}`, login);
    const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
    const row = (name: string, bytes: number): Measurement => ({
      name,
      runs: 1,
      p50_ms: Number.NaN,
      p99_ms: Number.NaN,
      mean_ms: Number.NaN,
      kb: kb(bytes),
    });
    return [
      row("login form: JS on the wire", signedOut.jsWire),
      row("login form: JS unpacked", signedOut.jsDecoded),
      row("home: JS on the wire (goal ≤ 400 KB)", home.jsWire),
      row("home: everything on the wire", home.allWire),
      row("node page: JS on the wire", nodePage.jsWire),
      row(
        "node page: JS beyond home's, on the wire (goal ≤ 250 KB)",
        Math.max(0, nodePage.jsWire - home.jsWire),
      ),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

/** One cold load (fresh context, empty cache) of `route`, signed in as `login` or signed out. */
async function loadAndCount(
  browser: Browser,
  baseURL: string,
  route: string,
  login: Awaited<ReturnType<typeof makeUser>> | null,
): Promise<Fetched> {
  const context = await browser.newContext({ baseURL, locale: "zh-CN" });
  // tsx keeps function names (`__name(fn, …)`) in code sent by page.evaluate: give the page that helper.
  await context.addInitScript(() => {
    (globalThis as { __name?: unknown }).__name = (fn: unknown) => fn;
  });
  if (login)
    await context.addInitScript(
      ({ access, refresh, user }) => {
        localStorage.setItem("access_token", access);
        localStorage.setItem("refresh_token", refresh);
        localStorage.setItem("user", JSON.stringify(user));
      },
      { access: login.access, refresh: login.refresh, user: login.user },
    );
  const page = await context.newPage();
  await page.goto(route, { waitUntil: "networkidle" });
  const fetched = await page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource"),
    ] as PerformanceResourceTiming[];
    const js = entries.filter((e) => e.name.endsWith(".js"));
    const sum = (list: PerformanceResourceTiming[], key: "encodedBodySize" | "decodedBodySize") =>
      list.reduce((total, e) => total + e[key], 0);
    return {
      jsWire: sum(js, "encodedBodySize"),
      jsDecoded: sum(js, "decodedBodySize"),
      allWire: sum(entries, "encodedBodySize"),
    };
  });
  await context.close();
  return fetched;
}
