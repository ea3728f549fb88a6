import v8 from "node:v8";
import vm from "node:vm";
import { Worker } from "node:worker_threads";
import type { ServerMessage } from "@zhishu/shared";
import WebSocket from "ws";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startSecondServer, startTestServer, type TestServer } from "../packages/server/src/test/harness";
import { type Measurement, measure } from "./stats";

const IDLE_SOCKETS = 1000;
const BURST_EVENTS = 50;

/** A full collection before reading the heap, so the numbers are what stays alive. */
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const wsUrl = (server: TestServer, token: string) =>
  `${server.url.replace(/^http/, "ws")}/ws/processes/?token=${token}`;

/** One client socket, watching a node, and the next message matching a test. */
async function watcher(server: TestServer, token: string, nodeId: number) {
  const socket = new WebSocket(wsUrl(server, token));
  const waiting = new Set<(m: ServerMessage) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    for (const wake of waiting) wake(message);
  });
  await new Promise((resolve) => socket.once("message", resolve));
  socket.send(JSON.stringify({ type: "subscribe", node_ids: [nodeId] }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    socket,
    next: (match: (m: ServerMessage) => boolean) =>
      new Promise<void>((resolve) => {
        const wake = (m: ServerMessage) => {
          if (!match(m)) return;
          waiting.delete(wake);
          resolve();
        };
        waiting.add(wake);
      }),
  };
}

/** Starts the client worker and waits until its sockets are connected and subscribed. */
function clientsIn(server: TestServer, tokens: string[], nodeId: number, count: number) {
  const worker = new Worker(new URL("./live-clients.mjs", import.meta.url), {
    workerData: { urls: tokens.map((token) => wsUrl(server, token)), count, nodeId },
  });
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      worker.once("message", resolve);
      worker.postMessage(message);
    });
  const ready = new Promise<void>((resolve, reject) =>
    worker.once("message", (m: { ready?: boolean; error?: string }) =>
      m.ready ? resolve() : reject(new Error(m.error)),
    ),
  );
  return {
    ready,
    /** Messages received so far, and how many sockets were last told the name `final`. */
    count: (final = "") => ask<{ updates: number; reached: number }>({ count: final }),
    async close() {
      await ask("close");
      await worker.terminate();
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
const READERS = 100;

/**
 * BURST_EVENTS renames, one after another, and the time until every socket was told the last one.
 * Edits arriving in one delivery batch reach a socket as one message (the node as it is now), so the
 * messages counted may be fewer than edits × sockets.
 */
async function burst(
  clients: ReturnType<typeof clientsIn>,
  rename: (name: string) => Promise<unknown>,
  who: string,
): Promise<Measurement> {
  const base = (await clients.count()).updates;
  const final = `爆发${who}${BURST_EVENTS - 1}`;
  const start = performance.now();
  for (let i = 0; i < BURST_EVENTS; i++) await rename(`爆发${who}${i}`);
  while ((await clients.count(final)).reached < IDLE_SOCKETS && performance.now() - start < 60_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const ms = performance.now() - start;
  const { updates, reached } = await clients.count(final);
  const delivered = updates - base;
  return {
    name: `${BURST_EVENTS} edits to a node ${IDLE_SOCKETS} sockets (${who}) watch: ${Math.round((delivered / ms) * 1000)} messages/s (${delivered} messages; ${reached} of ${IDLE_SOCKETS} sockets got the last edit; time: until they all had it)`,
    runs: 1,
    p50_ms: round(ms),
    p99_ms: round(ms),
    mean_ms: round(ms),
  };
}

/**
 * Live updates (issue 15): commit-to-client latency across two app servers on one PostgreSQL database
 * (goal p99 ≤ 200 ms), the heap 1,000 idle sockets cost one server (goal ≤ 50 KB each), and how many
 * messages one server delivers to 1,000 sockets watching one node (one user, then 100 users: either way
 * one rights query per event batch).
 * Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
export async function benchLive(): Promise<Measurement[]> {
  process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
  const a = await startTestServer({ validateResponses: false }, undefined, "postgres");
  const b = await startSecondServer(a);
  const results: Measurement[] = [];
  try {
    const { access } = await makeUser(a);
    const { dnode } = await createNode(a, access, { name: "基准" });
    const rename = (name: string) =>
      call(a, "POST", `/api/dnode/${dnode.id}/update`, { token: access, body: { name } });

    // The time from sending an edit to server A until a socket on server B has it: an upper bound of
    // commit-to-client (it includes the request itself), the NOTIFY, the read and the rights check.
    const onB = await watcher(b, access, dnode.id);
    let n = 0;
    results.push(
      await measure("rename via server A → message on a socket on server B (PostgreSQL)", async () => {
        const name = `名字${++n}`;
        const arrived = onB.next((m) => m.type === "node_updated" && m.dnode.name === name);
        await rename(name);
        await arrived;
      }),
    );
    results.push(await measure("the same rename, request only (for comparison)", () => rename(`名字${++n}`)));
    onB.socket.close(1000);

    // 1,000 idle sockets on server A: the heap they cost it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = heapUsed();
    const started = performance.now();
    const clients = clientsIn(a, [access], dnode.id, IDLE_SOCKETS);
    await clients.ready;
    const connectMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const perSocketKb = (heapUsed() - before) / IDLE_SOCKETS / 1024;
    results.push({
      name: `${IDLE_SOCKETS} idle sockets on one server: ${round(perSocketKb)} KB of heap each (time: connect and subscribe all)`,
      runs: 1,
      p50_ms: round(connectMs),
      p99_ms: round(connectMs),
      mean_ms: round(connectMs),
    });

    // A burst of edits to the node all 1,000 sockets watch: messages one server delivers per second.
    results.push(await burst(clients, rename, "one user"));
    await clients.close();

    // The same with the sockets spread over 100 readers of a shared tree: rights are checked in one query
    // for every recipient and node of a batch, and each node presented once, however many readers.
    const readers = await Promise.all(Array.from({ length: READERS }, () => makeUser(a)));
    for (const reader of readers)
      await call(a, "POST", "/api/dnode-permission/", {
        token: access,
        body: { dnode: dnode.id, user: reader.user.id, can_read: true },
      });
    const shared = clientsIn(
      a,
      readers.map((r) => r.access),
      dnode.id,
      IDLE_SOCKETS,
    );
    await shared.ready;
    results.push(await burst(shared, rename, `${READERS} users`));
    await shared.close();
    return results;
  } finally {
    await b.close();
    await a.close();
  }
}
