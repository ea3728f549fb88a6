import { WS_CLOSE } from "@zhishu/shared";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTask } from "../services/tasks/tasks";
import { call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { connect } from "../test/live-client";
import { useTestServer } from "../test/use-test-server";

// An access token lives 4 s here: a socket must outlive it when the client renews it over the socket,
// and still close with 4401 when nobody renews it (issue 15: token expiry without a reconnect).
const { server } = useTestServer({ config: { accessTokenTtl: 4, liveHeartbeatMs: 500 } });

const expiryMs = (token: string) => (decodeJwt(token).exp ?? 0) * 1000;
const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now())));
const refreshed = async (refresh: string) => {
  const res = await call(server, "POST", "/api/token/refresh/", { body: { refresh } });
  expect(res.status).toBe(200);
  return res.body as { access: string; refresh: string };
};

describe("a live socket across access-token expiry", () => {
  it("stays open when the client sends a refreshed token, and events keep arriving after the first expired", async () => {
    const user = await makeUser(server);
    const { dnode } = await createNode(server, user.access, { name: "一直看着" });
    const client = await connect(server, user.access);
    await client.subscribe([dnode.id]);
    // Halfway through the first token's life the client refreshes and hands the new token over.
    await until(expiryMs(user.access) - 2000);
    const next = await refreshed(user.refresh);
    expect(expiryMs(next.access)).toBeGreaterThan(expiryMs(user.access));
    client.socket.send(JSON.stringify({ type: "auth", token: next.access }));

    await until(expiryMs(user.access) + 300);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: next.access,
      body: { name: "过期之后改的名" },
    });
    await client.waitFor((m) => m.type === "node_updated" && m.dnode.name === "过期之后改的名");

    // Not renewed again: the socket closes when the second token expires.
    expect(await client.closed).toBe(WS_CLOSE.unauthorized);
    expect(Date.now()).toBeGreaterThanOrEqual(expiryMs(next.access) - 50);
  });

  it("closes with 4401 when the token sent is another user's, or not a token", async () => {
    const user = await makeUser(server);
    const other = await makeUser(server);
    for (const token of [other.access, "not-a-token", user.refresh]) {
      const client = await connect(server, user.access);
      client.socket.send(JSON.stringify({ type: "auth", token }));
      expect(await client.closed).toBe(WS_CLOSE.unauthorized);
    }
  });

  it("renews the task channel the same way", async () => {
    const user = await makeUser(server);
    const { id } = await createTask(server.database.db, user.user.id);
    const task = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/task/${id}?token=${user.access}`);
    const closed = new Promise<number>((resolve) => task.on("close", resolve));
    await new Promise((resolve) => task.once("message", resolve));
    await until(expiryMs(user.access) - 2000);
    const next = await refreshed(user.refresh);
    task.send(JSON.stringify({ type: "auth", token: next.access }));
    await until(expiryMs(user.access) + 300);
    expect(task.readyState).toBe(WebSocket.OPEN);
    expect(await closed).toBe(WS_CLOSE.unauthorized);
  });
});
