import { z } from "zod";
import { dateRangeQuery } from "../schemas/reads";

/**
 * The light read behind /xingwei 我的行为 (issue 14): what a person made in a range, each node as much as
 * the page shows of it (a name, a type, when it was made) and, for a process, only the fields its status
 * tag, timer, planned time and time-per-day chart read. A page of 2,000 whole nodes with their relation
 * groups was most of a megabyte and well over the page's time budget.
 */

/** The content fields a process carries in the light read (total_time and inserted_time are added). */
export const BRIEF_PROCESS_FIELDS = [
  "self_status",
  "xtype",
  "delegate_status",
  "delivery_status",
  "error",
  "start_time",
  "ran_at",
  "end_time",
  "pause_time",
  "self_time",
  "planned_time",
] as const;

/** The most nodes one answer carries; a range with more is read on before the oldest answered. */
export const MAX_BRIEF_RESULTS = 2000;

/** GET /api/dnode/my_dnodes_by_date_range/brief: the range (as my_dnodes_by_date_range) and a page size. */
export const briefRangeQuery = dateRangeQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAX_BRIEF_RESULTS).default(MAX_BRIEF_RESULTS),
});
export type BriefRangeQuery = z.infer<typeof briefRangeQuery>;

/** One node of the light read; `content` is empty for a node that is not a process. */
export const briefDnodeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    parent_id: z.number().int().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    content: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "BriefDnode" });
export type BriefDnode = z.infer<typeof briefDnodeSchema>;

export const briefDnodeListSchema = z.array(briefDnodeSchema);
