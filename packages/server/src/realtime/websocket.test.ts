import { expect, it } from "vitest";
import WebSocket from "ws";
import { makeUser } from "../test/client";
import { useTestServer } from "../test/use-test-server";
import { WS_CLOSE_UNAUTHORIZED } from "./websocket";

const { server } = useTestServer();

const wsUrl = (path: string) => server.url.replace(/^http/, "ws") + path;

function firstEvent(socket: WebSocket): Promise<{ message?: unknown; closeCode?: number }> {
  return new Promise((resolve, reject) => {
    socket.once("message", (data) => resolve({ message: JSON.parse(String(data)) }));
    socket.once("close", (code) => resolve({ closeCode: code }));
    socket.once("error", reject);
  });
}

it("greets a signed-in client on /ws/processes/", async () => {
  const { access, user } = await makeUser(server);
  const socket = new WebSocket(wsUrl(`/ws/processes/?token=${access}`));
  const event = await firstEvent(socket);
  expect(event.message).toEqual({ type: "connection_established", user_id: user.id });
  socket.close(1000);
});

it("greets a signed-in client on /ws/task/{taskId}", async () => {
  const { access } = await makeUser(server);
  const socket = new WebSocket(wsUrl(`/ws/task/abc-123?token=${access}`));
  expect((await firstEvent(socket)).message).toEqual({ type: "connection_established", task_id: "abc-123" });
  socket.close(1000);
});

it("closes an unauthenticated socket with 4401", async () => {
  for (const path of ["/ws/processes/", "/ws/processes/?token=forged", "/ws/task/1?token="]) {
    const event = await firstEvent(new WebSocket(wsUrl(path)));
    expect(event.closeCode, path).toBe(WS_CLOSE_UNAUTHORIZED);
  }
});
