import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../context";

const HEARTBEAT_MS = 30_000;
// Close codes in the application range: the client reconnects on anything but 1000.
export const WS_CLOSE_UNAUTHORIZED = 4401;

/** Keeps a socket alive with heartbeat messages until it closes. */
function startHeartbeat(socket: WebSocket): void {
  const timer = setInterval(() => socket.send(JSON.stringify({ type: "heartbeat" })), HEARTBEAT_MS);
  socket.on("close", () => clearInterval(timer));
}

/**
 * The two live channels of people-spec 4: /ws/processes/ and /ws/task/{taskId}, token in the query.
 * They authenticate and greet now; the events they carry arrive with the chat and AI issues.
 */
export async function websocketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const authenticate = async (socket: WebSocket, token: unknown): Promise<number | null> => {
    const userId = typeof token === "string" ? await ctx.tokens.verifyAccess(token) : null;
    if (userId === null) socket.close(WS_CLOSE_UNAUTHORIZED, "unauthorized");
    return userId;
  };

  app.get("/ws/processes/", { websocket: true }, async (socket, request) => {
    const userId = await authenticate(socket, (request.query as Record<string, unknown>).token);
    if (userId === null) return;
    socket.send(JSON.stringify({ type: "connection_established", user_id: userId }));
    startHeartbeat(socket);
  });

  app.get("/ws/task/:taskId", { websocket: true }, async (socket, request) => {
    const userId = await authenticate(socket, (request.query as Record<string, unknown>).token);
    if (userId === null) return;
    const { taskId } = request.params as { taskId: string };
    socket.send(JSON.stringify({ type: "connection_established", task_id: taskId }));
    startHeartbeat(socket);
  });
}
