import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../context";
import { findTask } from "../services/tasks/tasks";

const HEARTBEAT_MS = 30_000;
// Close codes in the application range: the client reconnects on anything but 1000.
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_FORBIDDEN = 4403;
export const WS_CLOSE_NOT_FOUND = 4404;

/** Keeps a socket alive with heartbeat messages until it closes. */
function startHeartbeat(socket: WebSocket): void {
  const timer = setInterval(() => socket.send(JSON.stringify({ type: "heartbeat" })), HEARTBEAT_MS);
  socket.on("close", () => clearInterval(timer));
}

/**
 * /ws/task/{taskId} (people-spec 4), token in the query: authenticates and greets; the chunks it carries
 * arrive with the AI issue. /ws/processes/ lives in processes-channel.ts.
 */
export async function websocketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const authenticate = async (socket: WebSocket, token: unknown): Promise<number | null> => {
    const userId = typeof token === "string" ? await ctx.tokens.verifyAccess(token) : null;
    if (userId === null) socket.close(WS_CLOSE_UNAUTHORIZED, "unauthorized");
    return userId;
  };

  app.get("/ws/task/:taskId", { websocket: true }, async (socket, request) => {
    const userId = await authenticate(socket, (request.query as Record<string, unknown>).token);
    if (userId === null) return;
    const { taskId } = request.params as { taskId: string };
    // A task's stream is its owner's alone (AI answers may quote private nodes).
    const found = await findTask(ctx.db, taskId);
    if (!found) return socket.close(WS_CLOSE_NOT_FOUND, "task not found");
    if (found.ownerId !== userId) return socket.close(WS_CLOSE_FORBIDDEN, "forbidden");
    socket.send(JSON.stringify({ type: "connection_established", task_id: taskId }));
    startHeartbeat(socket);
  });
}
