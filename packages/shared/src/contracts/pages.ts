import { z } from "zod";
import { dnodeJsonSchema, relationJsonSchema } from "./dnode";

/** Where one relation group's page stands (workspace-spec 7 relations_with_data). */
export const pageInfoSchema = z
  .object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: "PageInfo" });
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** One node's requested page of every group: the relation records and each group's page info by key. */
export const nodeRelationsPageSchema = z.object({
  relations: z.array(relationJsonSchema),
  pagination_info: z.record(z.string(), pageInfoSchema),
});
export type NodeRelationsPage = z.infer<typeof nodeRelationsPageSchema>;

/** GET /api/dnode/{id}/relations_with_data/: the page plus the nodes on it (only the requested page). */
export const relationsWithDataSchema = nodeRelationsPageSchema.extend({
  related_nodes: z.array(dnodeJsonSchema),
});
export type RelationsWithData = z.infer<typeof relationsWithDataSchema>;

/**
 * GET /api/dnode/{id}/first_screen/: a node page's first screen in one answer (issue 18 point 5): the
 * node, the groups answered, and their first pages as relations_with_data gives them.
 */
export const firstScreenSchema = relationsWithDataSchema.extend({
  dnode: dnodeJsonSchema,
  relation_names: z.array(z.string()),
});
export type FirstScreen = z.infer<typeof firstScreenSchema>;

/** GET /api/dnode/batch_relations_with_data/: pages by node id; ids the caller may not read listed apart. */
export const batchRelationsWithDataSchema = z.object({
  results: z.record(z.string(), nodeRelationsPageSchema),
  all_related_nodes: z.array(dnodeJsonSchema),
  unavailable_ids: z.array(z.number().int()),
});
export type BatchRelationsWithData = z.infer<typeof batchRelationsWithDataSchema>;

/** A page of nodes with the size of the whole list (public knowledge, a user's trees). */
export const nodeListPageSchema = z.object({ results: z.array(dnodeJsonSchema), total: z.number().int() });
export type NodeListPage = z.infer<typeof nodeListPageSchema>;

/** GET /api/dnode/mydnodes/: a page of the caller's own nodes, with where the page stands. */
export const myNodesPageSchema = nodeListPageSchema.extend({
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MyNodesPage = z.infer<typeof myNodesPageSchema>;

/** A list of nodes: GET /api/data/{id}/path (ancestors, root first), search results, by_ids, refer. */
export const dnodeListSchema = z.array(dnodeJsonSchema);

/** GET /api/dnode/my_last: the node the caller created last, or null. */
export const lastNodeSchema = dnodeJsonSchema.nullable();
