import { z } from "zod";
import { dnodeJsonSchema, relationJsonSchema } from "./contracts/dnode";
import { idParamSchema, idSchema } from "./schemas/common";

/**
 * The live channels (people-spec 4 "Live updates", 7, 9): the messages both ends speak, as zod schemas
 * the server builds and the web parses, and the constants of the protocol.
 */

/** Polling every 30 s by default; the server may suggest another interval. */
export const DEFAULT_POLL_INTERVAL_S = 30;
/** A socket closed with anything but 1000 reconnects after 5 s. */
export const WS_RECONNECT_MS = 5000;
/** The server's heartbeat. */
export const WS_HEARTBEAT_MS = 30_000;
/** After this long without a message from the client the server says idle_timeout and closes with 1000. */
export const WS_IDLE_TIMEOUT_MS = 10 * 60_000;
/** How many nodes one socket may watch. */
export const WS_MAX_SUBSCRIPTIONS = 5000;
export const WS_PROCESSES_PATH = "/ws/processes/";

/** Close codes: 1000 normal (no reconnect); 4401 not signed in or the token expired; 4403 not yours; 4404 no such task. */
export const WS_CLOSE = { normal: 1000, unauthorized: 4401, forbidden: 4403, notFound: 4404 } as const;

export const liveModeSchema = z.enum(["polling", "websocket"]);
export type LiveMode = z.infer<typeof liveModeSchema>;

/** A link as a live message names it once it is gone (the row no longer exists to present). */
const relationRefSchema = z.object({
  id: z.number().int().nullable(),
  xnode: z.number().int(),
  ynode: z.number().int(),
  relation_name: z.string(),
});

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("connection_established"),
    user_id: z.number().int().optional(),
    task_id: z.string().optional(),
  }),
  z.object({ type: z.literal("mode_changed"), mode: liveModeSchema }),
  z.object({ type: z.literal("stream_chunk"), node_id: z.number().int(), text: z.string() }),
  z.object({
    type: z.literal("stream_done"),
    node_id: z.number().int(),
    additional_services: z.array(z.unknown()).optional(),
  }),
  z.object({ type: z.literal("process_created"), dnode: dnodeJsonSchema }),
  z.object({
    type: z.literal("process_updated"),
    dnode: dnodeJsonSchema,
    fields: z.array(z.string()).optional(),
    node_updates: z.array(dnodeJsonSchema).optional(),
    relation_updates: z.array(relationJsonSchema).optional(),
  }),
  z.object({
    type: z.literal("node_updated"),
    dnode: dnodeJsonSchema,
    fields: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal("relation_updated"),
    action: z.enum(["created", "updated", "deleted"]),
    /** The full record when it exists; a reference to it once deleted. */
    relation: z.union([relationJsonSchema, relationRefSchema]),
    /** For a created link: the node at its other end, so a list can show the new row at once. */
    dnode: dnodeJsonSchema.optional(),
  }),
  /** Ours, beyond the spec's list: nodes that were deleted (they leave every list that shows them). */
  z.object({ type: z.literal("nodes_deleted"), node_ids: z.array(z.number().int()) }),
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("idle_timeout") }),
  z.object({ type: z.literal("task_update"), task_id: z.string() }).passthrough(),
  // The per-task channel (/ws/task/{id}): text chunks, then DONE.
  z.object({ type: z.literal("chunk"), text: z.string() }),
  z.object({ type: z.literal("DONE") }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), node_ids: z.array(idSchema).max(WS_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal("unsubscribe"), node_ids: z.array(idSchema).max(WS_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** GET /api/process/my_processes/ */
export const myProcessesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  related_user_id: idParamSchema.optional(),
  updated_after: z.iso.datetime({ offset: true }).optional(),
  dialogue_id: idParamSchema.optional(),
});
export type MyProcessesQuery = z.infer<typeof myProcessesQuery>;

export const myProcessesResponse = z.object({
  results: z.array(dnodeJsonSchema),
  count: z.number().int(),
  suggested_mode: liveModeSchema,
  next_poll_interval: z.number().int(),
  websocket_url: z.string(),
});
export type MyProcessesResponse = z.infer<typeof myProcessesResponse>;
