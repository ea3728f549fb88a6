import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { routesOf } from "../http/route-catalog";
import { call, makeUser } from "./client";
import { makeTree } from "./factories";
import { snapshotOf } from "./fuzz/bystander";
import { type Callers, type FuzzRequest, requestFor } from "./fuzz/requests";
import type { IdPool } from "./fuzz/schema-arbitraries";
import { startTestServer, type TestServer } from "./harness";

/**
 * Property-based fuzz of every route the app declares (issue 11 item 16). Requests are drawn from each
 * route's own zod schema (wrong types, missing and extra fields, huge and deep values, NUL and lone
 * surrogates, bad content types, junk path ids), sent by two users and anonymously. It holds when no
 * answer is a 5xx, every refusal is our error shape, and a third user's data is untouched.
 * Reproduce a run with FUZZ_SEED=<seed>; FUZZ_RUNS changes the number of requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const PARALLEL = 4;

let server: TestServer;
let pool: IdPool;
let callers: Callers;
let bystanderId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [alice, carol, bystander] = [await makeUser(server), await makeUser(server), await makeUser(server)];
  bystanderId = bystander.user.id;
  const trees = await Promise.all([
    makeTree(server, alice.access, { name: "甲的树", children: [{ name: "甲一" }, { name: "甲二" }] }),
    makeTree(server, carol.access, {
      name: "丙的树",
      children: [{ name: "丙一", children: [{ name: "丙二" }] }],
    }),
    makeTree(server, bystander.access, {
      name: "旁观者",
      children: [{ name: "秘密", children: [{ name: "更深" }] }],
    }),
  ]);
  // Carol lets Alice write in her tree, so writes across users are exercised too.
  await call(server, "POST", "/api/anchor-auth/manage/", {
    token: carol.access,
    body: { dnode_id: trees[1].丙的树, user_id: alice.user.id, auth_type: "write" },
  });
  const users = [alice, carol, bystander].map((u) => u.user);
  pool = {
    ids: [
      ...trees.flatMap((t) => Object.values(t)),
      ...users.flatMap((u) => [u.id, u.content.user_root_node_id ?? 1]),
      1,
      999_999,
      2_147_483_647,
    ],
  };
  callers = { tokens: [alice.access, carol.access], wrongKind: [alice.refresh] };
}, 120_000);
afterAll(() => server.close());

async function send(request: FuzzRequest) {
  const response = await fetch(server.url + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get("content-type") ?? "" };
}

/** What is wrong with an answer, or null: no 5xx, and an API refusal is `{success: false, error, code}`. */
function problemWith(
  request: FuzzRequest,
  answer: { status: number; text: string; type: string },
): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  const isApi = request.path.startsWith("/api/");
  if (isApi && answer.status >= 400 && answer.type.includes("application/json")) {
    const body = JSON.parse(answer.text) as { success?: unknown; error?: unknown; code?: unknown };
    if (
      body.success !== false ||
      typeof body.code !== "string" ||
      typeof body.error !== "string" ||
      !body.error
    )
      return `refusal not in the error shape: ${answer.text.slice(0, 300)}`;
    if (
      !/[\u4e00-\u9fff]/.test(body.error) &&
      !/^Invalid (number|JSON) input|Invalid date format$/.test(body.error)
    )
      return `refusal without a Chinese message: ${body.error}`;
  }
  return null;
}

it(`sends ${RUNS} malformed requests over every route: no 5xx, no harm to a bystander`, async () => {
  const routes = routesOf(server.app);
  expect(routes.length).toBeGreaterThan(50);
  const before = await snapshotOf(server.database.db, bystanderId);

  const arbitrary = fc.oneof(
    ...routes.map((route) => requestFor(route, pool, callers).map((request) => ({ route, request }))),
  );
  const samples = fc.sample(arbitrary, { seed: SEED, numRuns: RUNS });
  const failures: string[] = [];
  const routesHit = new Set<string>();
  const statuses = new Map<number, number>();
  for (let i = 0; i < samples.length; i += PARALLEL) {
    const batch = samples.slice(i, i + PARALLEL);
    const answers = await Promise.all(batch.map(({ request }) => send(request)));
    batch.forEach(({ route, request }, j) => {
      const answer = answers[j]!;
      routesHit.add(`${route.method} ${route.url}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problem = problemWith(request, answer);
      if (problem) failures.push(`${problem}\n  request #${i + j}: ${JSON.stringify(request).slice(0, 600)}`);
    });
  }
  const after = await snapshotOf(server.database.db, bystanderId);

  const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`;
  expect(
    failures,
    `${failures.length} bad answers (reproduce with ${replay}):\n${failures.slice(0, 10).join("\n")}`,
  ).toEqual([]);
  expect(after, `the bystander's data changed (reproduce with ${replay})`).toBe(before);
  console.info(
    `fuzz seed ${SEED}: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  // Every declared route was fuzzed, and some requests got through to do real work.
  expect(routesHit.size).toBe(routes.length);
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
}, 600_000);
