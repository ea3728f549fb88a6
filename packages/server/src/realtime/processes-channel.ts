import {
  clientMessageSchema,
  WS_CLOSE,
  WS_IDLE_TIMEOUT_MS,
  WS_MAX_SUBSCRIPTIONS,
  WS_PROCESSES_PATH,
} from "@zhishu/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { rightsOnIds } from "../policies/node";
import { parseClientId } from "../services/events/origin";
import { type LiveHub, type LiveSocket, send } from "./hub";
import { keepSocket, renewToken } from "./socket-life";

/**
 * /ws/processes/?token=…&client_id=… (people-spec 4 "Live updates"): greets, beats every 30 s, takes
 * `subscribe` / `unsubscribe {node_ids}` (only nodes the user may read are watched), says idle_timeout
 * and closes with 1000 after 10 minutes without a word from the client, and closes with 4401 when the
 * token expires unless the client sent a refreshed one over it first (`{type: "auth", token}`, see
 * socket-life.ts). Events reach it through the hub.
 */
export async function processesChannel(
  app: FastifyInstance,
  { ctx, hub }: { ctx: AppContext; hub: LiveHub },
): Promise<void> {
  app.get(WS_PROCESSES_PATH, { websocket: true }, async (socket, request) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === "string" ? query.token : "";
    const userId = token ? await ctx.tokens.verifyAccess(token) : null;
    if (userId === null) {
      socket.close(WS_CLOSE.unauthorized, "unauthorized");
      return;
    }
    const live: LiveSocket = {
      socket,
      userId,
      clientId: parseClientId(query.client_id),
      subscriptions: new Set(),
    };
    hub.add(live);
    send(live, { type: "connection_established", user_id: userId });

    const life = keepSocket(socket, token, ctx.config.liveHeartbeatMs);
    const idleMs = ctx.config.liveIdleTimeoutMs ?? WS_IDLE_TIMEOUT_MS;
    let idle = setTimeout(() => idleOut(), idleMs);
    const idleOut = () => {
      send(live, { type: "idle_timeout" });
      socket.close(WS_CLOSE.normal, "idle");
    };

    socket.on("message", async (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        parsed = null;
      }
      const message = clientMessageSchema.safeParse(parsed);
      // A token renewal is the client's clock, not the person: it does not hold off the idle timeout.
      if (message.success && message.data.type === "auth")
        return renewToken(socket, life, userId, message.data.token, (t) => ctx.tokens.verifyAccess(t));
      clearTimeout(idle);
      idle = setTimeout(() => idleOut(), idleMs);
      if (!message.success) return;
      if (message.data.type === "unsubscribe") hub.unsubscribe(live, message.data.node_ids);
      if (message.data.type === "subscribe") {
        const room = WS_MAX_SUBSCRIPTIONS - live.subscriptions.size;
        const asked = [...new Set(message.data.node_ids)]
          .filter((id) => !live.subscriptions.has(id))
          .slice(0, room);
        const rights = await rightsOnIds(ctx.db, userId, asked);
        if (socket.readyState !== socket.OPEN) return;
        hub.subscribe(
          live,
          asked.filter((id) => rights.get(id)?.read),
        );
      }
    });
    socket.on("close", () => {
      clearTimeout(idle);
      hub.remove(live);
    });
  });
}
