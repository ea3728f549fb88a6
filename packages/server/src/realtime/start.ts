import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { EventBus, pruneEvents } from "./bus";
import { deliverEvents } from "./deliver";
import { LiveHub, send } from "./hub";

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Starts this app server's share of live updates: its socket hub and its event bus (LISTEN on the
 * database), delivering every committed event to the hub; prunes old event rows now and then; at
 * shutdown tells every client to poll (mode_changed) before the sockets close.
 */
export async function startLiveUpdates(app: FastifyInstance, database: Database): Promise<LiveHub> {
  const hub = new LiveHub();
  const bus = new EventBus(
    database,
    (events) => deliverEvents(database.db, hub, events),
    (message) => app.log.warn(message),
  );
  await bus.start();
  const prune = setInterval(() => void pruneEvents(database).catch(() => {}), PRUNE_EVERY_MS);
  prune.unref();
  app.addHook("preClose", async () => {
    for (const live of hub.all()) send(live, { type: "mode_changed", mode: "polling" });
  });
  app.addHook("onClose", async () => {
    clearInterval(prune);
    await bus.stop();
  });
  return hub;
}
