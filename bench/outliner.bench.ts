import { execSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { REPO_ROOT } from "../packages/server/src/config";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startTestServer, type TestServer } from "../packages/server/src/test/harness";
import { allocationsWhile, profileWhile } from "./cpu-profile";
import { FRAME_MARK, mainThreadWorkPerFrame, slowFrameBreakdown } from "./frame-work";
import { analyze, seedChildren } from "./seed";
import { droppedFrames, FRAME_BUDGET_MS, type Measurement, percentile } from "./stats";

const WIDE_CHILDREN = 10_000;
// An expanded tree of 50 branches × 40 leaves: 2,050 rows.
const BRANCHES = 50;
const LEAVES = 40;
// Children come 40 at a time as the list is scrolled to its end; the 10k list is measured scrolling
// after this many are loaded.
const LOADED_FOR_SCROLL = 2_000;
// 120 px a frame is a fast fling (7,200 px a second); 520 such frames cross the whole loaded list once
// (2,000 rows of 32 px), so every frame mounts new rows. Each scroll is measured over several passes.
const SCROLL_STEP_PX = 120;
const SCROLL_FRAMES = 520;
const SCROLL_PASSES = 3;
const BRISK_STEP_PX = 40;
const PAGE_LOADS = 10;
const ENTERS = 30;

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
// BENCH_PROFILE=1: also profile each scroll, on a build that keeps function names, and write where the
// time went to bench/results/outliner-scroll-profile.md (the numbers measured then are not comparable).
const profiling = process.env.BENCH_PROFILE === "1";
const profileFile = path.join(REPO_ROOT, "bench/results/outliner-scroll-profile.md");

/** A Measurement from raw samples in milliseconds. */
function summarise(name: string, samples: number[]): Measurement {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    runs: samples.length,
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    mean_ms: round(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length)),
  };
}

/**
 * A frame measurement: the summary plus the slowest frame and the frames dropped. Intervals between
 * frames count as dropped over one and a half budgets; the page's own work in a frame over one budget.
 */
function summariseFrames(name: string, samples: number[], kind: "interval" | "work"): Measurement {
  return {
    ...summarise(name, samples),
    max_ms: Math.round(Math.max(...samples) * 100) / 100,
    dropped:
      kind === "interval" ? droppedFrames(samples) : samples.filter((ms) => ms > FRAME_BUDGET_MS).length,
  };
}

/**
 * The outliner's browser benchmark (issue 5 "Scale"): the production build in headless Chromium against
 * the real server on a seeded database: time to first rows of a 10k-child node, frame times while
 * scrolling it and a 2,050-row expanded tree, and Enter-to-new-row latency.
 */
export async function benchOutliner(): Promise<Measurement[]> {
  if (!existsSync(chromePath)) {
    console.log(`  skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
    return [];
  }
  const server = await startTestServer({ webDist: buildWebApp(), validateResponses: false });
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  let page: Page | undefined;
  try {
    const seeded = await seed(server);
    page = await signedInPage(browser, server, seeded.login);
    const p = page;
    const results: Measurement[] = [];
    // Each step is logged, and bounded, so a stuck step says where it stuck.
    const step = async (name: string, run: () => Promise<number[]>, frames?: "interval" | "work") => {
      console.log(`  ${name} …`);
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`outliner bench: "${name}" took over 3 minutes`)), 180_000);
      });
      try {
        const samples = await Promise.race([run(), limit]);
        const measured = frames ? summariseFrames(name, samples, frames) : summarise(name, samples);
        results.push(measured);
        // Printed as it comes, so a run that fails later still says what it measured.
        console.log(`    ${JSON.stringify(measured)}`);
      } finally {
        clearTimeout(timer);
      }
    };
    const heap = async (when: string) => {
      if (!profiling) return;
      const cdp = await p.context().newCDPSession(p);
      await cdp.send("HeapProfiler.collectGarbage");
      await cdp.detach();
      const mb = await p.evaluate(
        () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 1e6,
      );
      console.log(`  heap ${when}: ${mb.toFixed(1)} MB`);
    };
    await step("time to first rows, node with 10k children", () => firstRows(p, seeded.wideId));
    await heap("after first rows");
    await step("next 40 rows on screen after scrolling to the end (10k list)", () =>
      loadMore(p, LOADED_FOR_SCROLL),
    );
    await heap("with 2,000 rows loaded");
    await step(
      `scroll frame time, 10k children (${LOADED_FOR_SCROLL} loaded)`,
      () => scrollFrames(p),
      "interval",
    );
    // The same frames with nothing moving: the browser's own jitter on this machine, to read the above by.
    await step(
      "  frame time on the same page, not scrolling (baseline)",
      () => scrollFrames(p, 0),
      "interval",
    );
    // What the page itself spent on each of those frames, from a trace: its share of any late frame.
    await step(
      "  main-thread work per frame, same scroll",
      () => mainThreadWorkPerFrame(browser, p, () => scrollFrames(p)),
      "work",
    );
    // A brisk wheel scroll rather than a fling: what most scrolling is.
    await step(
      `  scroll frame time at ${BRISK_STEP_PX * 60} px/s`,
      () => scrollFrames(p, BRISK_STEP_PX),
      "interval",
    );
    await step(
      `  main-thread work per frame, scrolling at ${BRISK_STEP_PX * 60} px/s`,
      () => mainThreadWorkPerFrame(browser, p, () => scrollFrames(p, BRISK_STEP_PX)),
      "work",
    );
    await step("Enter to new row on screen (10k list)", () => enterToRow(p));
    await step("time to a 2,050-row expanded tree, all rows loaded", async () => [
      await expandedTree(p, seeded.branchRoot, seeded.branches),
    ]);
    await heap("with the 2,050-row tree loaded");
    await step("scroll frame time, 2,050-row expanded tree", () => scrollFrames(p), "interval");
    await step(
      "  main-thread work per frame, same scroll",
      () => mainThreadWorkPerFrame(browser, p, () => scrollFrames(p)),
      "work",
    );
    if (profiling) {
      const breakdown = await slowFrameBreakdown(browser, p, () => scrollFrames(p));
      const table = await profileWhile(p, () => scrollFrames(p));
      const allocations = await allocationsWhile(p, () => scrollFrames(p));
      writeFileSync(
        profileFile,
        `# Scrolling the 2,050-row expanded tree\n\n## Trace events\n\n${breakdown}\n\n## Script self time\n\n${table}\n\n## Allocations\n\n${allocations}\n`,
      );
      console.log(`  profile written to ${profileFile}`);
    }
    return results;
  } catch (error) {
    // What the page showed when a step failed, for whoever reads the log.
    await page
      ?.screenshot({ path: path.join(REPO_ROOT, "bench/results/outliner-failure.png") })
      .catch(() => {});
    throw error;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The production build, or with BENCH_PROFILE an unminified one beside it; returns its folder. */
function buildWebApp(): string {
  if (!profiling) {
    execSync("node scripts/ensure-web-build.mjs", { cwd: REPO_ROOT, stdio: "inherit" });
    return path.join(REPO_ROOT, "packages/web/dist");
  }
  execSync("npx vite build --minify false --outDir dist-profile --emptyOutDir", {
    cwd: path.join(REPO_ROOT, "packages/web"),
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return path.join(REPO_ROOT, "packages/web/dist-profile");
}

interface Seeded {
  login: Awaited<ReturnType<typeof makeUser>>;
  wideId: number;
  branchRoot: number;
  branches: number[];
}

async function seed(server: TestServer): Promise<Seeded> {
  const db = server.database.db;
  const login = await makeUser(server);
  const owner = login.user.id;
  const { dnode: tree } = await createNode(server, login.access, { type: "DIR", name: "大纲基准" });
  const under = (id: number) => ({ id, ownerId: owner, anchorId: tree.id });
  const { dnode: wide } = await createNode(server, login.access, {
    name: "一万个孩子",
    location_id: tree.id,
  });
  await seedChildren(db, under(wide.id), WIDE_CHILDREN, 0);
  const { dnode: branchRoot } = await createNode(server, login.access, {
    name: "展开的树",
    location_id: tree.id,
  });
  const branches = await seedChildren(db, under(branchRoot.id), BRANCHES, 20_000);
  for (const [i, branch] of branches.entries())
    await seedChildren(db, under(branch), LEAVES, 30_000 + i * LEAVES);
  await analyze(db);
  // Seeding blocked the event loop past the keep-alive timeout: the first call may meet a closed socket.
  await call(server, "GET", "/api/app-version/").catch(() => undefined);
  return { login, wideId: wide.id, branchRoot: branchRoot.id, branches };
}

/** A page signed in as the seeded user, as the app itself stores a session (api/tokens.ts). */
async function signedInPage(browser: Browser, server: TestServer, login: Seeded["login"]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1400, height: 900 },
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  // tsx compiles this file keeping function names (`__name(fn, "tick")`), which code sent to the page by
  // page.evaluate then calls: give the page that helper.
  await context.addInitScript(() => {
    (globalThis as { __name?: unknown }).__name = (fn: unknown) => fn;
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
  return context.newPage();
}

/** Milliseconds from navigation start until the first tree row is in the DOM, over several loads. */
async function firstRows(page: Page, nodeId: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < PAGE_LOADS; i++) {
    await page.goto(`/data/${nodeId}`);
    const handle = await page.waitForFunction(
      () => document.querySelector('[role="tree"] [role="treeitem"]') && performance.now(),
      undefined,
      { polling: "raf", timeout: 30_000 },
    );
    samples.push((await handle.jsonValue()) as number);
  }
  return samples;
}

/** Row count the virtualiser lays out (its sizer's height over the row height). */
const laidOutRows = (page: Page) =>
  page.evaluate(() => {
    const sizer = document.querySelector('[role="tree"]')?.firstElementChild as HTMLElement | null;
    return sizer ? Math.round(sizer.offsetHeight / 32) : 0;
  });

/**
 * Scrolls the tree to its end, where the next page of a list loads by itself (issue 12 point 14: no
 * 加载更多 press). Returns when (Date.now()) the scroll happened.
 */
async function scrollToEnd(page: Page): Promise<number> {
  const at = Date.now();
  await page.evaluate(() => {
    const tree = document.querySelector('[role="tree"]') as HTMLElement;
    tree.scrollTop = tree.scrollHeight;
  });
  return at;
}

/**
 * Scrolls to the end of the list until `rows` rows are laid out; each sample is the time from a scroll
 * to the end until the next page's rows are laid out.
 */
async function loadMore(page: Page, rows: number): Promise<number[]> {
  const samples: number[] = [];
  while ((await laidOutRows(page)) < rows) {
    const before = await laidOutRows(page);
    const started = await scrollToEnd(page);
    await page.waitForFunction(
      (count) => {
        const sizer = document.querySelector('[role="tree"]')?.firstElementChild as HTMLElement | null;
        return sizer && Math.round(sizer.offsetHeight / 32) >= count + 30;
      },
      before,
      { polling: "raf", timeout: 30_000 },
    );
    samples.push(Date.now() - started);
  }
  return samples;
}

/**
 * Frame-to-frame times while the tree scrolls from the top by a fixed step every animation frame, over
 * several passes (the first frame of each pass, which jumps back to the top, is not counted).
 */
async function scrollFrames(page: Page, step = SCROLL_STEP_PX): Promise<number[]> {
  const intervals: number[] = [];
  for (let pass = 0; pass < SCROLL_PASSES; pass++) intervals.push(...(await scrollPass(page, step)));
  return intervals;
}

async function scrollPass(page: Page, step: number): Promise<number[]> {
  return page.evaluate(
    ({ frames, step, mark }) =>
      new Promise<number[]>((resolve) => {
        const tree = document.querySelector('[role="tree"]') as HTMLElement;
        tree.scrollTop = 0;
        const deltas: number[] = [];
        let last = performance.now();
        const tick = () => {
          performance.mark(mark);
          const now = performance.now();
          deltas.push(now - last);
          last = now;
          if (deltas.length >= frames) {
            performance.clearMarks(mark);
            return resolve(deltas.slice(1));
          }
          tree.scrollTop += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { frames: SCROLL_FRAMES, step, mark: FRAME_MARK },
  );
}

/**
 * Enter in a row's name: milliseconds from the key event until a new, empty row holds the caret, seen
 * at the next animation frames (what a person sees), repeated on the rows it creates.
 */
async function enterToRow(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    (document.querySelector('[role="tree"]') as HTMLElement).scrollTop = 0;
  });
  await page.locator('[role="treeitem"] textarea').first().click();
  const samples: number[] = [];
  for (let i = 0; i < ENTERS; i++) {
    await page.keyboard.press("End");
    await page.keyboard.type(`基准行 ${i}`);
    // The watch is set up (and awaited) before the key goes out: input events and page scripts travel
    // separately, so a watch sent alongside the key could start after it.
    await page.evaluate(() => {
      const before = document.activeElement;
      const state = window as unknown as { enterLatency?: Promise<number> };
      state.enterLatency = new Promise<number>((resolve) => {
        let pressedAt = 0;
        document.addEventListener(
          "keydown",
          (event) => {
            if (event.key === "Enter") pressedAt = performance.now();
          },
          { capture: true, once: true },
        );
        const poll = () => {
          const now = document.activeElement;
          if (pressedAt && now !== before && now instanceof HTMLTextAreaElement && now.value === "")
            return resolve(performance.now() - pressedAt);
          requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      });
    });
    await page.keyboard.press("Enter");
    const seen = page.evaluate(() => (window as unknown as { enterLatency: Promise<number> }).enterLatency);
    samples.push(await seen);
  }
  return samples;
}

/** Opens a node whose 50 children are stored as expanded, loads them all, and waits for all 2,050 rows. */
async function expandedTree(page: Page, rootId: number, branches: number[]): Promise<number> {
  // Leave the app first (for a plain JSON page of the same origin): the running app keeps its own view
  // states and would write them back over these.
  await page.goto("/api/app-version/");
  await page.evaluate(
    ({ root, ids }) => {
      const statuses = JSON.parse(localStorage.getItem("dnodeViewStatuses") ?? "{}");
      for (const id of ids) statuses[`${root}:CHILD_NODE/${id}`] = { expanded: true };
      localStorage.setItem("dnodeViewStatuses", JSON.stringify(statuses));
    },
    { root: rootId, ids: branches },
  );
  const started = Date.now();
  await page.goto(`/data/${rootId}`);
  const rows = BRANCHES * (LEAVES + 1);
  // The first 40 branches come with the page; the last 10 load once the list is scrolled to its end
  // (kept there while the branches' children, loading, push the end down).
  await page.locator('[role="tree"] [role="treeitem"]').first().waitFor();
  const handle = await page.waitForFunction(
    (expected) => {
      const tree = document.querySelector('[role="tree"]') as HTMLElement | null;
      if (tree) tree.scrollTop = tree.scrollHeight;
      // The virtualiser sizes its content to every row; loading placeholders vanish once all are in.
      if (!tree || tree.querySelector('[aria-busy="true"]')) return false;
      const sizer = tree.firstElementChild as HTMLElement | null;
      return sizer !== null && sizer.offsetHeight >= expected * 30;
    },
    rows,
    { polling: 100, timeout: 60_000 },
  );
  await handle.dispose();
  return Date.now() - started;
}
