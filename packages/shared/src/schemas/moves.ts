import { z } from "zod";
import { MESSAGES } from "../messages";
import { idSchema, relationNameSchema } from "./common";

/** A drop position (DESIGN.md): last inside the target, or before one of its children. */
export const locationSchema = z
  .discriminatedUnion("position", [
    z.object({ position: z.literal("insideLast") }),
    z.object({ position: z.literal("before"), before_node_id: idSchema }),
  ])
  .default({ position: "insideLast" });
export type DropLocation = z.infer<typeof locationSchema>;

/** Which list of a location a node sits in: y = among its children (NAME), x = among its owners (x__NAME). */
const side = z.enum(["x", "y"], { error: MESSAGES.moveSideInvalid }).default("y");

/** The four drag ways of workspace-spec 4 ("Drag"). */
export const MOVE_WAYS = ["refer", "move", "clone", "move_and_refer"] as const;
export type MoveWay = (typeof MOVE_WAYS)[number];

/** POST /api/dnode/move */
export const moveBody = z.object({
  moved_nodes_ids: z.array(idSchema).min(1).max(500),
  target_node_id: idSchema,
  old_location_id: idSchema.nullish(),
  old_relationName: relationNameSchema.nullish(),
  old_side: side,
  new_relationName: relationNameSchema.nullish(),
  new_side: side,
  before_node_id: idSchema.nullish(),
  keep_old: z.boolean().default(false),
  /** Which drag way this is; without it, keep_old true means refer and false means move. */
  way: z.enum(["refer", "move", "move_and_refer"], { error: MESSAGES.moveWayRequired }).optional(),
  focusing_dnodes: z.unknown().optional(),
});
export type MoveBody = z.infer<typeof moveBody>;
/** What a client sends to move (defaults not yet applied). */
export type MoveInput = z.input<typeof moveBody>;

/** POST /api/dnode/refer (201) */
export const referBody = z.object({
  refered_nodes_ids: z.array(idSchema).min(1).max(500),
  target_node_id: idSchema,
  relation_name: relationNameSchema.optional(),
  location: locationSchema,
});
export type ReferInput = z.input<typeof referBody>;

/** POST /api/dnode/clone (201) */
export const cloneBody = z.object({
  source_id: idSchema,
  target_parent_id: idSchema,
  relation_name: relationNameSchema.optional(),
  location: locationSchema,
});
export type CloneInput = z.input<typeof cloneBody>;

/** POST /api/dnode/move_here */
export const moveHereBody = z.object({
  node_id: idSchema,
  location_node_id: idSchema,
  relation_name: relationNameSchema.default("CHILD_NODE"),
});

/** POST /api/dnode_relation/change_parent/ */
export const changeParentBody = z.object({ node_id: idSchema, new_parent_id: idSchema });
