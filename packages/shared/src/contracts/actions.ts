import { z } from "zod";
import { dnodeJsonSchema } from "./dnode";

/**
 * POST /api/dnode/call_action/{id}/{action} (and /api/dnode/push, /pull): the nodes the action changed,
 * those it deleted, a task id for background work, and any fields of the action's own (list results in
 * `result`), which is why the object is open.
 */
export const actionResultSchema = z.looseObject({
  success: z.boolean(),
  message: z.string(),
  task_id: z.string().nullable(),
  deleted_dnode_ids: z.array(z.number().int()),
  dnodes: z.array(dnodeJsonSchema),
});
export type ActionResultJson = z.infer<typeof actionResultSchema>;
