import { runAction } from "../packages/server/src/actions/run";
import { queryRows, sql } from "../packages/server/src/db/client";
import { myBriefNodesByDateRange } from "../packages/server/src/services/nodes/activity";
import { myNodesByDateRange } from "../packages/server/src/services/nodes/lists";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startTestServer } from "../packages/server/src/test/harness";
import { pageRange } from "../packages/web/src/features/xingwei/ranges";
import { PAGE_SIZE } from "../packages/web/src/features/xingwei/xingwei-api";
import { StatementRecorder } from "./graph.bench";
import { analyze, type ChildShape, seedChildren } from "./seed";
import { type Measurement, measure, summarize } from "./stats";

// BENCH_QUICK=1: a tenth of the data and few runs, to try the suite out (the numbers mean nothing).
const QUICK = process.env.BENCH_QUICK === "1";
const SIBLINGS = QUICK ? 100 : 1000;
const ANCESTORS = 10;
const IN_RANGE = QUICK ? 1000 : 10_000;
const OLDER = QUICK ? 1000 : 10_000;
const RUNS = QUICK ? 20 : 200;
const WARMUP = QUICK ? 5 : 20;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A finished or paused process with some history, made at `at`. */
const pastProcess = (at: Date, k: number): ReturnType<ChildShape> => {
  const end = new Date(at.getTime() + 20 * 60_000).toISOString();
  const content =
    k % 4 === 0
      ? { self_status: "paused", start_time: at.toISOString(), pause_time: end, self_time: 1 / 3 }
      : {
          self_status: "completed",
          start_time: at.toISOString(),
          end_time: end,
          finished_at: end,
          self_time: 1 / 3,
        };
  return { type: "PROCESS", content, createdAt: at };
};

/** Steps run one after another in a loop, each timed on its own. */
async function measureSteps(
  steps: { name: string; run: (i: number) => Promise<unknown> }[],
  runs: number,
  warmup: number,
): Promise<Measurement[]> {
  const samples = steps.map(() => [] as number[]);
  for (let i = 0; i < warmup + runs; i++)
    for (const [s, step] of steps.entries()) {
      const start = performance.now();
      await step.run(i);
      if (i >= warmup) samples[s].push(performance.now() - start);
    }
  return steps.map((step, s) => summarize(step.name, samples[s]));
}

/** Fails the run if a call did not answer as the app should (a benchmark of errors measures nothing). */
const ok = async (response: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`processes bench: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
};

/**
 * Issue 14's benchmark on PGlite, over HTTP: start on a process with 1,000 sibling processes and 10
 * process ancestors (goal p50 ≤ 20 ms), and /xingwei's first page with 10,000 of the caller's processes
 * in the range (goal p50 ≤ 50 ms).
 */
export async function benchProcesses(): Promise<Measurement[]> {
  const recorder = new StatementRecorder();
  const server = await startTestServer({ validateResponses: false }, recorder);
  const db = server.database.db;
  const results: Measurement[] = [];
  try {
    // One person's process tree: a chain of 10 processes, the last with 1,001 child processes.
    const worker = await makeUser(server);
    const { dnode: tree } = await createNode(server, worker.access, { type: "DIR", name: "流程基准" });
    let parent = tree.id;
    const ancestors: number[] = [];
    for (let depth = 0; depth < ANCESTORS; depth++) {
      const { dnode } = await createNode(server, worker.access, {
        type: "PROCESS",
        name: `第${depth + 1}层流程`,
        location_id: parent,
      });
      ancestors.push(dnode.id);
      parent = dnode.id;
    }
    const weekAgo = Date.now() - 7 * DAY_MS;
    const siblings = await seedChildren(
      db,
      { id: parent, ownerId: worker.user.id, anchorId: tree.id },
      SIBLINGS + 1,
      0,
      (k) => (k % 3 === 0 ? { type: "PROCESS" } : pastProcess(new Date(weekAgo + k * 60_000), k)),
    );

    // Another person's /xingwei: 10,000 processes made in the last two days (200 top-level processes
    // of 49 steps each), and as many older ones outside the range.
    const maker = await makeUser(server);
    const { dnode: home } = await createNode(server, maker.access, { type: "DIR", name: "我的流程" });
    const now = Date.now();
    const seedSpan = async (count: number, from: number, span: number, offset: number) => {
      const tops = count / 50;
      const step = span / count;
      const root = { ownerId: maker.user.id, anchorId: home.id };
      const heads = await seedChildren(db, { id: home.id, ...root }, tops, offset, (k) =>
        pastProcess(new Date(from + k * 50 * step), k),
      );
      for (const [t, head] of heads.entries())
        await seedChildren(db, { id: head, ...root }, 49, offset + tops + t * 49, (k) =>
          pastProcess(new Date(from + (t * 50 + k + 1) * step), k),
        );
    };
    await seedSpan(OLDER, now - 30 * DAY_MS, 27 * DAY_MS, 20_000);
    await seedSpan(IN_RANGE, now - 2 * DAY_MS, 2 * DAY_MS - 60_000, 40_000);
    await analyze(db);

    // Seeding blocks the event loop past the keep-alive timeout: the first call may meet a closed socket.
    await call(server, "GET", "/api/app-version/").catch(() => undefined);
    const act = (id: number, action: string) =>
      ok(
        call(server, "POST", `/api/dnode/call_action/${id}/${action}`, {
          token: worker.access,
          body: {},
        }),
      );

    // Each start runs a different sibling: the one running before pauses, its time counted.
    await act(siblings[0], "start");
    let next = 0;
    results.push(
      await measure(
        `start a process among ${SIBLINGS} sibling processes, ${ANCESTORS} process ancestors; the running sibling pauses (goal p50 ≤ 20)`,
        () => act(siblings[1 + (next++ % SIBLINGS)], "start"),
        RUNS,
        WARMUP,
      ),
    );
    results.push(
      await measure(
        "  same action, no HTTP",
        () => runAction(db, worker.user.id, siblings[1 + (next++ % SIBLINGS)], "start", {}),
        RUNS,
        WARMUP,
      ),
    );
    const startStatements = await recorder.record(() => act(siblings[1 + (next++ % SIBLINGS)], "start"));
    console.log(
      `  a start over HTTP runs ${startStatements.length} SQL statements (transaction begin and commit aside)`,
    );
    // Alternating: a pause hands the clock back to the parent (running), a start takes it (sub_running).
    const last = siblings[1 + ((next - 1) % SIBLINGS)];
    results.push(
      ...(await measureSteps(
        [
          { name: "  pause it: the parent process runs again", run: () => act(last, "pause") },
          { name: "  start it again: the parent goes sub_running", run: () => act(last, "start") },
        ],
        RUNS / 2,
        WARMUP / 2,
      )),
    );
    const state = await queryRows<{ status: string; n: number }>(
      db,
      sql`select content->>'self_status' as status, count(*)::int as n from dnode
          where id = any(${`{${[...ancestors, ...siblings].join(",")}}`}::int[]) group by 1 order by 1`,
    );
    console.log(`  after the runs: ${state.map((r) => `${r.n} ${r.status ?? "draft"}`).join(", ")}`);

    // /xingwei's first page as the web asks it (day view: two days back to tomorrow, Shanghai dates):
    // the light read, PAGE_SIZE rows.
    const { start, end } = pageRange(0, "day", now);
    const briefPath = (limit: number) =>
      `/api/dnode/my_dnodes_by_date_range/brief?start_date=${start}&end_date=${end}&limit=${limit}`;
    const firstPage = (await ok(
      call(server, "GET", briefPath(PAGE_SIZE), { token: maker.access }),
    )) as unknown[];
    results.push(
      await measure(
        `/xingwei first page as the web asks it: my_dnodes_by_date_range/brief ${start} to ${end}, ${IN_RANGE} processes in it, ${firstPage.length} light rows (goal p50 ≤ 50)`,
        () => ok(call(server, "GET", briefPath(PAGE_SIZE), { token: maker.access })),
        RUNS / 4,
        WARMUP / 4,
      ),
    );
    const brief = () => ok(call(server, "GET", briefPath(2000), { token: maker.access }));
    const briefed = (await brief()) as unknown[];
    results.push(
      await measure(`  the light read of ${briefed.length} rows (its cap)`, brief, RUNS / 4, WARMUP / 4),
    );
    results.push(
      await measure(
        "    same query, no HTTP",
        () => myBriefNodesByDateRange(db, maker.user.id, { start_date: start, end_date: end, limit: 2000 }),
        RUNS / 4,
        WARMUP / 4,
      ),
    );
    const [briefStatement] = await recorder.record(brief);
    if (briefStatement)
      results.push(
        await measure(
          "    its one SQL statement replayed on the driver",
          () => server.database.raw(briefStatement.query, briefStatement.params),
          RUNS / 4,
          WARMUP / 4,
        ),
      );

    // The page as it was before the light read: whole nodes, up to 2,000.
    const path = `/api/dnode/my_dnodes_by_date_range?start_date=${start}&end_date=${end}`;
    const page = (await ok(call(server, "GET", path, { token: maker.access }))) as unknown[];
    const name = `  whole nodes (what the page read before): my_dnodes_by_date_range, ${page.length} answered (the cap)`;
    const xingwei = () => ok(call(server, "GET", path, { token: maker.access }));
    results.push(await measure(name, xingwei, RUNS / 4, WARMUP / 4));
    results.push(
      await measure(
        "    same queries, no HTTP",
        () => myNodesByDateRange(db, maker.user.id, start, end),
        RUNS / 4,
        WARMUP / 4,
      ),
    );
    const statements = await recorder.record(xingwei);
    results.push(
      await measure(
        `    its ${statements.length} SQL statements replayed on the driver`,
        async () => {
          for (const s of statements) await server.database.raw(s.query, s.params);
        },
        RUNS / 4,
        WARMUP / 4,
      ),
    );
    const [ids] = statements;
    if (ids)
      results.push(
        await measure(
          "    raw SQL alone: the ids of the range's newest nodes (the first of those statements)",
          () => server.database.raw(ids.query, ids.params),
          RUNS / 4,
          WARMUP / 4,
        ),
      );
    return results;
  } finally {
    await server.close();
  }
}
