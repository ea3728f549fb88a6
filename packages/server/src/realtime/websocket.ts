import { clientMessageSchema, WS_CLOSE } from "@zhishu/shared";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../context";
import { findTask } from "../services/tasks/tasks";
import { keepSocket, renewToken } from "./socket-life";

// Close codes in the application range: the client reconnects on anything but 1000.
export const WS_CLOSE_UNAUTHORIZED = WS_CLOSE.unauthorized;
export const WS_CLOSE_FORBIDDEN = WS_CLOSE.forbidden;
export const WS_CLOSE_NOT_FOUND = WS_CLOSE.notFound;

/**
 * /ws/task/{taskId} (people-spec 4), token in the query: authenticates, accepts only the task's owner,
 * greets, beats and closes with 4401 when the token expires (unless renewed over the socket with
 * `{type: "auth", token}`); the chunks it carries arrive with the AI
 * issue. /ws/processes/ lives in processes-channel.ts.
 */
export async function websocketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const authenticate = async (socket: WebSocket, token: unknown): Promise<number | null> => {
    const userId = typeof token === "string" ? await ctx.tokens.verifyAccess(token) : null;
    if (userId === null) socket.close(WS_CLOSE_UNAUTHORIZED, "unauthorized");
    return userId;
  };

  app.get("/ws/task/:taskId", { websocket: true }, async (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const userId = await authenticate(socket, token);
    if (userId === null) return;
    const { taskId } = request.params as { taskId: string };
    // A task's stream is its owner's alone (AI answers may quote private nodes).
    const found = await findTask(ctx.db, taskId);
    if (!found) return socket.close(WS_CLOSE_NOT_FOUND, "task not found");
    if (found.ownerId !== userId) return socket.close(WS_CLOSE_FORBIDDEN, "forbidden");
    socket.send(JSON.stringify({ type: "connection_established", task_id: taskId }));
    const life = keepSocket(socket, token as string, ctx.config.liveHeartbeatMs);
    // A long stream outlives an access token: the client renews it over the socket as on /ws/processes/.
    socket.on("message", (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      const message = clientMessageSchema.safeParse(parsed);
      if (message.success && message.data.type === "auth")
        void renewToken(socket, life, userId, message.data.token, (t) => ctx.tokens.verifyAccess(t));
    });
  });
}
