import { expect, it } from "vitest";
import WebSocket from "ws";
import { createTask } from "../services/tasks/tasks";
import { makeUser } from "../test/client";
import { useTestServer } from "../test/use-test-server";
import { WS_CLOSE_FORBIDDEN, WS_CLOSE_NOT_FOUND, WS_CLOSE_UNAUTHORIZED } from "./websocket";

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

it("greets the task's owner on /ws/task/{taskId}", async () => {
  const { access, user } = await makeUser(server);
  const { id } = await createTask(server.database.db, user.id);
  const socket = new WebSocket(wsUrl(`/ws/task/${id}?token=${access}`));
  expect((await firstEvent(socket)).message).toEqual({ type: "connection_established", task_id: id });
  socket.close(1000);
});

it("closes someone else's task with 4403 and an unknown one with 4404, saying nothing", async () => {
  const owner = await makeUser(server);
  const other = await makeUser(server);
  const { id } = await createTask(server.database.db, owner.user.id);
  const stranger = await firstEvent(new WebSocket(wsUrl(`/ws/task/${id}?token=${other.access}`)));
  expect(stranger).toEqual({ closeCode: WS_CLOSE_FORBIDDEN });
  for (const unknown of [crypto.randomUUID(), "abc-123", "1"]) {
    const event = await firstEvent(new WebSocket(wsUrl(`/ws/task/${unknown}?token=${owner.access}`)));
    expect(event, unknown).toEqual({ closeCode: WS_CLOSE_NOT_FOUND });
  }
});

it("closes an unauthenticated socket with 4401", async () => {
  for (const path of ["/ws/processes/", "/ws/processes/?token=forged", "/ws/task/1?token="]) {
    const event = await firstEvent(new WebSocket(wsUrl(path)));
    expect(event.closeCode, path).toBe(WS_CLOSE_UNAUTHORIZED);
  }
});
