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
function clientsIn(server: TestServer, token: string, nodeId: number, count: number) {
  const worker = new Worker(new URL("./live-clients.mjs", import.meta.url), {
    workerData: { url: wsUrl(server, token), count, nodeId },
  });
  const ask = <T>(message: string) =>
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
    updates: () => ask<{ updates: number }>("count").then((m) => m.updates),
    async close() {
      await ask("close");
      await worker.terminate();
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Live updates (issue 15): commit-to-client latency across two app servers on one PostgreSQL database
 * (goal p99 ≤ 200 ms), the heap 1,000 idle sockets cost one server (goal ≤ 50 KB each), and how many
 * messages one server delivers to 1,000 sockets watching one node (one user: one rights check per batch).
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
    const clients = clientsIn(a, access, dnode.id, IDLE_SOCKETS);
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
    const base = await clients.updates();
    const burstStart = performance.now();
    for (let i = 0; i < BURST_EVENTS; i++) await rename(`爆发${i}`);
    const expected = base + BURST_EVENTS * IDLE_SOCKETS;
    while ((await clients.updates()) < expected && performance.now() - burstStart < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const burstMs = performance.now() - burstStart;
    const delivered = (await clients.updates()) - base;
    results.push({
      name: `${BURST_EVENTS} edits to a node ${IDLE_SOCKETS} sockets watch: ${Math.round((delivered / burstMs) * 1000)} messages/s delivered (${delivered} of ${BURST_EVENTS * IDLE_SOCKETS}; time: all of them)`,
      runs: 1,
      p50_ms: round(burstMs),
      p99_ms: round(burstMs),
      mean_ms: round(burstMs),
    });
    await clients.close();
    return results;
  } finally {
    await b.close();
    await a.close();
  }
}
