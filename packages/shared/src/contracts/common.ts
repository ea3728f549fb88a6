import { z } from "zod";

/** `{success: true}`: a change that answers nothing else. */
export const successSchema = z.object({ success: z.boolean() });
export type SuccessResult = z.infer<typeof successSchema>;

/** A success with a message for people (POST /api/logout …). */
export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });

/** A deletion: the ids of every node it removed (a node's last link going takes the node with it). */
export const deletedNodesSchema = z.object({
  success: z.boolean(),
  deleted_dnode_ids: z.array(z.number().int()),
  /** The recycle-bin batch that can bring them back (POST /api/trash/restore/ {batch_id}). */
  trash_batch_id: z.string().nullable().optional(),
});
export type DeletedNodesResult = z.infer<typeof deletedNodesSchema>;

/**
 * The request schema of a call that takes no input (no path parameters, query or body): declared so
 * every route states its request, and so a query string is ignored rather than refused.
 */
export const noInputSchema = z.object({});
