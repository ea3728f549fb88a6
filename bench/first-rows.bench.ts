import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { buildApp } from "../packages/server/src/app";
import { REPO_ROOT } from "../packages/server/src/config";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startTestServer, type TestServer } from "../packages/server/src/test/harness";
import { analyze, seedChildren } from "./seed";
import { type Measurement, percentile } from "./stats";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const LOADS = Number(process.env.BENCH_LOADS || 20);
const CHILDREN = 10_000;

type Login = Awaited<ReturnType<typeof makeUser>>;

/** One request the page made: when it started and ended (ms from navigation start) and what it was. */
interface Fetch {
  url: string;
  start: number;
  /** When the request went out (after any wait for a free connection) and its first byte came back. */
  sent: number;
  firstByte: number;
  end: number;
}

/**
 * Issue 18 point 5, time to first rows: a node with 10k children opened in a fresh page of the production
 * build, from navigation start until its first row is in the DOM: the early script's drawing of the
 * rows (early/screen.ts) or the app's own, whichever comes first ("on screen"), and the app's own
 * rows, which can be edited. Two ways: a cold load (a new
 * browser context: empty HTTP cache, only the session in localStorage, as after a browser restart) and
 * a warm one (a new tab of the same context: the hashed assets come from the HTTP cache). Goal p50 ≤ 250 ms.
 * The requests of one cold load are printed in order, so a waterfall shows as one. BENCH_BASELINE_DIST
 * names another build of the web app (an older commit's packages/web/dist) served by a second app server
 * on the same database: its loads alternate with this build's, so both meet the same machine load.
 */
export async function benchFirstRows(): Promise<Measurement[]> {
  if (!existsSync(chromePath)) {
    console.log(`  skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
    return [];
  }
  execSync("node scripts/ensure-web-build.mjs", { cwd: REPO_ROOT, stdio: "inherit" });
  const server = await startTestServer({
    webDist: path.join(REPO_ROOT, "packages/web/dist"),
    validateResponses: false,
  });
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  const baseline = baselineDist
    ? await buildApp({ ...server.config, webDist: path.resolve(baselineDist) }, server.database)
    : null;
  try {
    const { login, wideId } = await seed(server);
    const urls = [server.url];
    if (baseline) {
      await baseline.listen({ port: 0, host: "127.0.0.1" });
      const address = baseline.server.address();
      urls.push(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    }
    const cold: number[][] = urls.map(() => []);
    const warm: number[][] = urls.map(() => []);
    const coldEditable: number[][] = urls.map(() => []);
    const warmEditable: number[][] = urls.map(() => []);
    let waterfall: Fetch[] = [];
    // One untimed load first: the server's statements and the disk cache are warm, as in use.
    for (const url of urls) await loadOnce(browser, url, server, login, wideId, null);
    for (let i = 0; i < LOADS; i++)
      for (const [k, url] of urls.entries()) {
        const { ms, editableMs, fetches } = await loadOnce(browser, url, server, login, wideId, null);
        cold[k].push(ms);
        coldEditable[k].push(editableMs);
        if (i === 0 && k === 0) waterfall = fetches;
      }
    console.log("  requests of one cold load (ms from navigation start: asked, sent, first byte, done):");
    for (const f of waterfall)
      console.log(
        `    ${[f.start, f.sent, f.firstByte, f.end].map((t) => t.toFixed(0).padStart(5)).join(" ")}  ${f.url}`,
      );
    const contexts = await Promise.all(urls.map((url) => newContext(browser, url, server, login)));
    try {
      for (const [k, url] of urls.entries()) await loadOnce(browser, url, server, login, wideId, contexts[k]);
      for (let i = 0; i < LOADS; i++)
        for (const [k, url] of urls.entries()) {
          const { ms, editableMs } = await loadOnce(browser, url, server, login, wideId, contexts[k]);
          warm[k].push(ms);
          warmEditable[k].push(editableMs);
        }
    } finally {
      for (const context of contexts) await context.close();
    }
    const results = [
      summarise("time to first rows on screen, 10k-child node, cold page (goal p50 ≤ 250)", cold[0]),
      summarise("  the app's own rows (editable), cold page", coldEditable[0]),
      summarise("  first rows on screen, a new tab with the assets cached", warm[0]),
      summarise("  the app's own rows, a new tab with the assets cached", warmEditable[0]),
    ];
    if (baseline)
      results.push(
        summarise(
          `  baseline build (${baselineDist}), first rows on screen, cold page, alternating`,
          cold[1],
        ),
        summarise("  baseline build, its own rows, cold page", coldEditable[1]),
        summarise("  baseline build, first rows on screen, a new tab with the assets cached", warm[1]),
        summarise("  baseline build, its own rows, a new tab with the assets cached", warmEditable[1]),
      );
    return results;
  } finally {
    await browser.close();
    await baseline?.close();
    await server.close();
  }
}

function summarise(name: string, samples: number[]): Measurement {
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    runs: samples.length,
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    mean_ms: round(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length)),
  };
}

async function seed(server: TestServer): Promise<{ login: Login; wideId: number }> {
  const login = await makeUser(server);
  const { dnode: tree } = await createNode(server, login.access, { type: "DIR", name: "首屏基准" });
  const { dnode: wide } = await createNode(server, login.access, {
    name: "一万个孩子",
    location_id: tree.id,
  });
  await seedChildren(
    server.database.db,
    { id: wide.id, ownerId: login.user.id, anchorId: tree.id },
    CHILDREN,
    0,
  );
  await analyze(server.database.db);
  // Seeding blocked the event loop past the keep-alive timeout: the first call may meet a closed socket.
  await call(server, "GET", "/api/app-version/").catch(() => undefined);
  return { login, wideId: wide.id };
}

/** A browser context holding the session as the app stores it (api/tokens.ts), nothing else. */
async function newContext(browser: Browser, baseURL: string, server: TestServer, login: Login) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1400, height: 900 },
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  await context.addInitScript(
    ({ access, refresh, user, version }) => {
      if (localStorage.getItem("access_token")) return;
      localStorage.setItem("access_token", access);
      localStorage.setItem("refresh_token", refresh);
      localStorage.setItem("user", JSON.stringify(user));
      localStorage.setItem("app_version", version);
    },
    { access: login.access, refresh: login.refresh, user: login.user, version: server.config.appVersion },
  );
  return context;
}

/** Opens the node in a new page (of `context`, or of a new context closed after) and times its first row. */
async function loadOnce(
  browser: Browser,
  baseURL: string,
  server: TestServer,
  login: Login,
  nodeId: number,
  shared: Awaited<ReturnType<typeof newContext>> | null,
): Promise<{ ms: number; editableMs: number; fetches: Fetch[] }> {
  const context = shared ?? (await newContext(browser, baseURL, server, login));
  const page = await context.newPage();
  try {
    await page.goto(`/data/${nodeId}`, { waitUntil: "commit" });
    // On screen: the early script's drawing of the rows (early/screen.ts) or the app's own, whichever
    // comes first; editable: the app's own rows.
    const timeOf = async (selector: string) =>
      (await (
        await page.waitForFunction((s) => document.querySelector(s) && performance.now(), selector, {
          polling: "raf",
          timeout: 30_000,
        })
      ).jsonValue()) as number;
    const ms = await timeOf('[data-early-row], [role="tree"] [role="treeitem"]');
    const editableMs = await timeOf('[role="tree"] [role="treeitem"]');
    const fetches = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => ({
        url: e.name.replace(location.origin, ""),
        start: e.startTime,
        sent: e.requestStart,
        firstByte: e.responseStart,
        end: e.responseEnd,
      })),
    );
    return { ms, editableMs, fetches };
  } finally {
    await page.close();
    if (!shared) await context.close();
  }
}
