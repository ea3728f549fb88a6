import { z } from "zod";
import { MESSAGES } from "../messages";
import { idParamSchema } from "./common";

/** Default and largest page of related nodes (workspace-spec 9: default relation page size 40). */
export const DEFAULT_RELATION_PAGE_SIZE = 40;
export const MAX_RELATION_PAGE_SIZE = 200;

/** A JSON value in a query string, parsed before validation; unparsable text is a 400. */
const jsonInQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidJson });
      return z.NEVER;
    }
  }, schema);

/** A list of ids given as a JSON list (`[1,2]`) or comma-joined (`1,2`). */
export const idListInQuery = (max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text.startsWith("[")) {
        try {
          return JSON.parse(text);
        } catch {
          return value;
        }
      }
      return text === "" ? [] : text.split(",");
    },
    z
      .array(idParamSchema, { error: MESSAGES.idInvalid })
      .min(1, MESSAGES.idInvalid)
      .max(max, MESSAGES.badRequest),
  );

export const ORDER_BY = ["yorder", "created_at", "-created_at", "-yorder"] as const;

const pagingFields = {
  page_size: z.coerce.number().int().min(1).max(MAX_RELATION_PAGE_SIZE).default(DEFAULT_RELATION_PAGE_SIZE),
  relation_pages: jsonInQuery(
    z.record(z.string().max(200), z.coerce.number().int().min(1).max(1_000_000)),
  ).default({}),
  order_by: z.enum(ORDER_BY).default("yorder"),
  /** Only these groups (comma-joined keys, `x__NAME` for the x side); all when absent. */
  relation_names: z
    .string()
    .max(2000)
    .transform((s) => s.split(",").filter(Boolean))
    .optional(),
};

/** GET /api/dnode/{id}/relations_with_data/ */
export const relationsWithDataQuery = z.object(pagingFields);
export type RelationsPaging = z.infer<typeof relationsWithDataQuery>;

/** GET /api/dnode/{id}/first_screen/: the page size, and the groups when not the node's own (see docs/API.md). */
export const firstScreenQuery = z.object({
  page_size: pagingFields.page_size,
  relation_names: pagingFields.relation_names,
});

/** GET /api/dnode/batch_relations_with_data/ */
export const batchRelationsQuery = z.object({ node_ids: idListInQuery(50), ...pagingFields });

/** GET /api/dnode/by_ids */
export const byIdsQuery = z.object({ ids: idListInQuery(500) });

/** GET /api/dnode/search/ */
export const searchQuery = z.object({
  search: z.string().max(200).default(""),
  dnode_type: z.string().max(40).optional(),
  custom_prefix: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type SearchQuery = z.infer<typeof searchQuery>;
