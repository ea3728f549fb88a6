import { z } from "zod";
import { idSchema } from "../schemas/common";

/** How long the recycle bin (回收站) keeps what was deleted. */
export const TRASH_DAYS = 30;

/** GET /api/trash/ */
export const trashListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /api/trash/restore/: one batch (what one delete removed, for 撤销) or bin items by id. */
export const trashRestoreBody = z
  .object({
    batch_id: z.string().uuid().optional(),
    ids: z.array(idSchema).min(1).max(100).optional(),
  })
  .refine((b) => (b.batch_id === undefined) !== (b.ids === undefined), "请给出 batch_id 或 ids 之一");
export type TrashRestoreBody = z.infer<typeof trashRestoreBody>;

const userRef = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** One deleted subtree in the recycle bin. */
export const trashItemJsonSchema = z.object({
  id: z.number().int(),
  batch_id: z.string(),
  root_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  node_count: z.number().int(),
  deleted_at: z.string(),
  /** When the bin purges it for good (files included). */
  expires_at: z.string(),
  deleted_by: userRef,
  owner: userRef,
  /** Where a restore puts it back; null when that place is gone (the owner's restore plants it on home). */
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TrashItemJson = z.infer<typeof trashItemJsonSchema>;

export const trashListResponse = z.object({ results: z.array(trashItemJsonSchema), total: z.number().int() });
export type TrashListResponse = z.infer<typeof trashListResponse>;

export const trashRestoreResponse = z.object({
  success: z.boolean(),
  restored_ids: z.array(z.number().int()),
  /** The roots put back, with the parents they went back under (the client reloads those lists). */
  roots: z.array(z.object({ id: z.number().int(), parent_id: z.number().int().nullable() })),
});
export type TrashRestoreResponse = z.infer<typeof trashRestoreResponse>;
