import { z } from "zod";
import { contentSchema, idSchema, nameSchema, nodeTypeSchema, relationNameSchema } from "./common";

/** POST /api/dnode/create/ */
export const createDnodeBody = z.object({
  type: nodeTypeSchema.default("NOTE"),
  name: nameSchema.default(""),
  content: contentSchema.default({}),
  location_id: idSchema.nullish(),
  relation_name: relationNameSchema.nullish(),
  next_id: idSchema.nullish(),
  custom_relation_id: idSchema.nullish(),
});
export type CreateDnodeBody = z.infer<typeof createDnodeBody>;
/** What a client sends to create a node (defaults not yet applied). */
export type CreateDnodeInput = z.input<typeof createDnodeBody>;

/** POST /api/dnode/{id}/update — a partial node; content keys merge, a null content value removes its key. */
export const updateDnodeBody = z
  .object({
    name: nameSchema.optional(),
    type: nodeTypeSchema.optional(),
    content: contentSchema.optional(),
    finished_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strip();
export type UpdateDnodeBody = z.infer<typeof updateDnodeBody>;
export type UpdateDnodeInput = z.input<typeof updateDnodeBody>;

/** POST /api/dnode/delete_batch */
export const deleteBatchBody = z.object({
  ids: z.array(idSchema).min(1).max(1000),
  anchor_id: idSchema.nullish(),
});
export type DeleteBatchInput = z.input<typeof deleteBatchBody>;
