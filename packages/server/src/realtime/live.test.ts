import { WS_CLOSE } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTask } from "../services/tasks/tasks";
import { call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { startSecondServer, startTestServer, type TestServer, testDbKind } from "../test/harness";
import { connect } from "../test/live-client";

let server: TestServer;
let alice: Awaited<ReturnType<typeof makeUser>>;
let bob: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer({ liveIdleTimeoutMs: 1500 });
  alice = await makeUser(server);
  bob = await makeUser(server);
});
afterAll(() => server.close());

const rename = (on: TestServer, token: string, id: number, name: string, clientId?: string) =>
  call(on, "POST", `/api/dnode/${id}/update`, {
    token,
    body: { name },
    headers: clientId ? { "x-client-id": clientId } : {},
  });
const quiet = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

describe("/ws/processes/ delivers what changes to the nodes a client shows", () => {
  it("a rename reaches a watching socket; the tab that made it gets no echo", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "原名" });
    const other = await connect(server, alice.access);
    const self = await connect(server, alice.access, "the-typing-tab");
    await other.subscribe([dnode.id]);
    await self.subscribe([dnode.id]);
    expect((await rename(server, alice.access, dnode.id, "新名字", "the-typing-tab")).status).toBe(200);
    const got = await other.waitFor((m) => m.type === "node_updated" && m.dnode.name === "新名字");
    expect(got).toMatchObject({
      type: "node_updated",
      dnode: { id: dnode.id, name: "新名字" },
      fields: ["name"],
    });
    await quiet();
    expect(self.messages.some((m) => m.type === "node_updated" && m.dnode.name === "新名字")).toBe(false);
    other.socket.close(1000);
    self.socket.close(1000);
  });

  it("a new child, then its deletion, reach a socket watching the parent and the child", async () => {
    const { dnode: parent } = await createNode(server, alice.access, { name: "父" });
    const client = await connect(server, alice.access);
    await client.subscribe([parent.id]);
    const { dnode: child } = await createNode(server, alice.access, {
      name: "新孩子",
      location_id: parent.id,
    });
    // The parent's own creation may still be on its way (NOTIFY under load) when the socket subscribes: it
    // names the parent too, so the child's link is picked by its child, not by arriving first.
    const created = await client.waitFor(
      (m) => m.type === "relation_updated" && m.action === "created" && m.relation.ynode === child.id,
    );
    expect(created).toMatchObject({
      relation: { xnode: parent.id, ynode: child.id, relation_name: "CHILD_NODE" },
      dnode: { id: child.id, name: "新孩子" },
    });
    await client.subscribe([child.id]);
    await call(server, "POST", "/api/dnode/delete_batch", { token: alice.access, body: { ids: [child.id] } });
    expect(await client.waitFor((m) => m.type === "nodes_deleted")).toEqual({
      type: "nodes_deleted",
      node_ids: [child.id],
    });
    expect(
      await client.waitFor((m) => m.type === "relation_updated" && m.action === "deleted"),
    ).toMatchObject({
      relation: { xnode: parent.id, ynode: child.id },
    });
    client.socket.close(1000);
  });

  it("reaches only those who may read the node at that moment: a withdrawn share stops updates at once", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "分享的" });
    await call(server, "POST", "/api/dnode-permission/", {
      token: alice.access,
      body: { dnode: dnode.id, user: bob.user.id, can_read: true },
    });
    const bobs = await connect(server, bob.access);
    await bobs.subscribe([dnode.id]);
    await rename(server, alice.access, dnode.id, "分享的，改了");
    await bobs.waitFor((m) => m.type === "node_updated" && m.dnode.name === "分享的，改了");
    await call(server, "DELETE", `/api/dnode-permission/?dnode_id=${dnode.id}&user_id=${bob.user.id}`, {
      token: alice.access,
    });
    const before = bobs.messages.length;
    await rename(server, alice.access, dnode.id, "不该被看到的名字");
    await quiet();
    expect(bobs.messages.slice(before).filter((m) => m.type === "node_updated")).toEqual([]);
    expect(JSON.stringify(bobs.messages)).not.toContain("不该被看到的名字");
    bobs.socket.close(1000);
  });

  it("will not watch a node the user cannot read", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "私密" });
    const bobs = await connect(server, bob.access);
    await bobs.subscribe([dnode.id]);
    await rename(server, alice.access, dnode.id, "私密的新名");
    await quiet();
    expect(JSON.stringify(bobs.messages)).not.toContain("私密的新名");
    bobs.socket.close(1000);
  });

  it("tells the people a process concerns when it changes, without their watching it", async () => {
    const { dnode } = await createNode(server, alice.access, { type: "PROCESS", name: "在做的事" });
    const client = await connect(server, alice.access);
    await call(server, "POST", `/api/dnode/call_action/${dnode.id}/start`, { token: alice.access, body: {} });
    const updated = await client.waitFor((m) => m.type === "process_updated");
    expect(updated).toMatchObject({ dnode: { id: dnode.id, content: { self_status: "running" } } });
    client.socket.close(1000);
  });
});

describe("process messages", () => {
  it("a process made for someone reaches them as process_created without their watching it; a draft reaches no one", async () => {
    // Bob reads the process through a shared tree: the rights rule still holds at delivery (a process
    // aimed at someone gives them no read right of its own yet; see issue 15's report).
    const { dnode: shared } = await createNode(server, alice.access, { type: "DIR", name: "合作" });
    await call(server, "POST", "/api/dnode-permission/", {
      token: alice.access,
      body: { dnode: shared.id, user: bob.user.id, can_read: true },
    });
    const bobs = await connect(server, bob.access);
    const { dnode: draft } = await createNode(server, alice.access, {
      type: "PROCESS",
      name: "还是草稿",
      location_id: shared.id,
      content: { target_user_id: bob.user.id },
    });
    const { dnode } = await createNode(server, alice.access, {
      type: "PROCESS",
      name: "请帮我看看",
      location_id: shared.id,
      content: { self_status: "delegated", target_user_id: bob.user.id },
    });
    const created = await bobs.waitFor((m) => m.type === "process_created");
    expect(created).toMatchObject({ dnode: { id: dnode.id, name: "请帮我看看" } });
    await quiet();
    expect(JSON.stringify(bobs.messages)).not.toContain(draft.name);
    bobs.socket.close(1000);
  });
});

describe("the socket's own life", () => {
  it("tells every client to poll (mode_changed) when the server shuts down", async () => {
    const leaving = await startTestServer();
    const user = await makeUser(leaving);
    const client = await connect(leaving, user.access);
    const closing = leaving.close();
    // What the web client does on mode_changed: close with 1000 and poll.
    const told = await client.waitFor((m) => m.type === "mode_changed");
    client.socket.close(1000);
    await closing;
    expect(told).toEqual({ type: "mode_changed", mode: "polling" });
  });

  it("says idle_timeout and closes with 1000 when the client says nothing", async () => {
    const client = await connect(server, alice.access);
    expect(await client.closed).toBe(1000);
    expect(client.messages.map((m) => m.type)).toContain("idle_timeout");
  });

  it("stays open while the client speaks", async () => {
    const client = await connect(server, alice.access);
    for (let i = 0; i < 4; i++) {
      await quiet(500);
      client.socket.send(JSON.stringify({ type: "ping" }));
    }
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close(1000);
  });

  it("beats, and closes with 4401 when the token expires, on both channels", async () => {
    const shortLived = await startTestServer({ accessTokenTtl: 3, liveHeartbeatMs: 200 });
    try {
      const user = await makeUser(shortLived);
      const { id } = await createTask(shortLived.database.db, user.user.id);
      const processes = await connect(shortLived, user.access);
      const task = new WebSocket(
        `${shortLived.url.replace(/^http/, "ws")}/ws/task/${id}?token=${user.access}`,
      );
      const taskMessages: string[] = [];
      task.on("message", (data) => taskMessages.push(JSON.parse(String(data)).type));
      const taskClosed = new Promise<number>((resolve) => task.on("close", resolve));
      expect(await processes.closed).toBe(WS_CLOSE.unauthorized);
      expect(await taskClosed).toBe(WS_CLOSE.unauthorized);
      expect(processes.messages.filter((m) => m.type === "heartbeat").length).toBeGreaterThanOrEqual(2);
      expect(taskMessages.filter((type) => type === "heartbeat").length).toBeGreaterThanOrEqual(2);
    } finally {
      await shortLived.close();
    }
  });
});

describe("GET /api/process/my_processes/", () => {
  it("lists the caller's processes but not drafts, newest first, and says when to use the websocket", async () => {
    const idle = await makeUser(server);
    const empty = await call(server, "GET", "/api/process/my_processes/", { token: idle.access });
    expect(empty.body).toEqual({
      results: [],
      count: 0,
      suggested_mode: "polling",
      next_poll_interval: 30,
      websocket_url: "/ws/processes/",
    });
    const { dnode: draft } = await createNode(server, idle.access, { type: "PROCESS", name: "草稿" });
    const { dnode: work } = await createNode(server, idle.access, { type: "PROCESS", name: "正在做" });
    const since = new Date().toISOString();
    await call(server, "POST", `/api/dnode/call_action/${work.id}/start`, { token: idle.access, body: {} });
    const res = await call(
      server,
      "GET",
      `/api/process/my_processes/?updated_after=${encodeURIComponent(since)}`,
      {
        token: idle.access,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.results.map((n: { id: number }) => n.id)).toEqual([work.id]);
    expect(res.body.results.map((n: { id: number }) => n.id)).not.toContain(draft.id);
    expect(res.body).toMatchObject({ count: 1, suggested_mode: "websocket" });
    // Nobody else's processes.
    const others = await call(server, "GET", "/api/process/my_processes/", { token: bob.access });
    expect(others.body.results.map((n: { id: number }) => n.id)).not.toContain(work.id);
  });

  it("refuses the anonymous and bad input", async () => {
    expect((await call(server, "GET", "/api/process/my_processes/")).status).toBe(401);
    for (const q of ["page=0", "page_size=1000", "updated_after=yesterday", "related_user_id=x"]) {
      const res = await call(server, "GET", `/api/process/my_processes/?${q}`, { token: alice.access });
      expect(res.status, q).toBe(400);
    }
  });
});

describe.skipIf(testDbKind !== "postgres")("across app servers", () => {
  it("an edit through server A reaches a socket connected to server B", async () => {
    const second = await startSecondServer(server);
    try {
      const { dnode } = await createNode(server, alice.access, { name: "跨服务器" });
      const onB = await connect(second, alice.access);
      await onB.subscribe([dnode.id]);
      await rename(server, alice.access, dnode.id, "从A改的");
      // The creation may still be on its way to server B too: wait for the rename itself.
      const renamed = await onB.waitFor((m) => m.type === "node_updated" && m.dnode.name === "从A改的");
      expect(renamed).toMatchObject({ dnode: { id: dnode.id, name: "从A改的" } });
      onB.socket.close(1000);
    } finally {
      await second.close();
    }
  });

  it("an event committed while the listening connection is down is delivered once it is back", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "断线之前" });
    const client = await connect(server, alice.access);
    await client.subscribe([dnode.id]);
    // Ends this database's LISTEN connection, as a PostgreSQL restart or a failover would.
    const ended = await server.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await quiet(100);
    await rename(server, alice.access, dnode.id, "断线时改的");
    const renamed = await client.waitFor(
      (m) => m.type === "node_updated" && m.dnode.name === "断线时改的",
      5000,
    );
    expect(renamed).toMatchObject({ dnode: { id: dnode.id } });
    await quiet();
    // Delivered once, not again by the catch-up.
    expect(
      client.messages.filter((m) => m.type === "node_updated" && m.dnode.name === "断线时改的"),
    ).toHaveLength(1);
    client.socket.close(1000);
  });
});
