import { z } from "zod";
import { dnodeJsonSchema, relationJsonSchema } from "./dnode";

/** POST /api/dnode/create/: the new node and the relation that places it. */
export const createdNodeSchema = z.object({ dnode: dnodeJsonSchema, relation: relationJsonSchema });
export type CreatedNode = z.infer<typeof createdNodeSchema>;

/** POST /api/dnode/{id}/confirm/: the node, now confirmed. */
export const confirmedNodeSchema = z.object({ success: z.boolean(), dnode: dnodeJsonSchema });

/** POST /api/dnode/move: the relations that now place the moved nodes. */
export const moveResultSchema = z.object({
  success: z.boolean(),
  relations: z.array(relationJsonSchema),
});
export type MoveResult = z.infer<typeof moveResultSchema>;

/** POST /api/dnode_relation/change_parent/: the node and both parents after the change. */
export const changeParentResultSchema = z.object({
  node: dnodeJsonSchema,
  old_parent: dnodeJsonSchema.nullable(),
  new_parent: dnodeJsonSchema,
});

/** POST /api/dnode_relation/create/: the relation and both its ends. */
export const createdRelationSchema = z.object({
  relation: relationJsonSchema,
  x_node: dnodeJsonSchema,
  y_node: dnodeJsonSchema,
});

/** POST /api/dnode/add_related_value: the relation and the value node it points to. */
export const relatedValueResultSchema = z.object({ relation: relationJsonSchema, node: dnodeJsonSchema });

/** GET /api/dnode_relation/get_property_relation/ and get_method_relation/. */
export const relationIdSchema = z.object({ relation_id: z.number().int() });

/** GET /api/dnode_relation/get_by_ids/. */
export const relationListSchema = z.object({ relations: z.array(relationJsonSchema) });

/** GET /api/dnode/{id}/id_tree: one node of the main-tree subtree, nested. */
export interface IdTreeNode {
  id: number;
  name: string;
  type: string;
  children: IdTreeNode[];
}
export const idTreeNodeSchema: z.ZodType<IdTreeNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    get children() {
      return z.array(idTreeNodeSchema);
    },
  })
  .meta({ id: "IdTreeNode" });
/** The id tree's root, and whether it was cut at its size limit. */
export const idTreeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  children: z.array(idTreeNodeSchema),
  truncated: z.boolean(),
});
export type IdTree = z.infer<typeof idTreeSchema>;

/** GET /api/dnode/{id}/evolves: the node's earlier versions, newest first. */
export const nodeVersionsSchema = z.array(
  z.object({
    version: z.number().int(),
    name: z.string(),
    type: z.string(),
    content: z.record(z.string(), z.unknown()),
    editor_id: z.number().int().nullable(),
    created_at: z.string(),
  }),
);
export type NodeVersion = z.infer<typeof nodeVersionsSchema>[number];

/** GET /api/dnode/custom-fields/{name}: the field definitions of a class. */
export const customFieldsSchema = z.object({
  class_id: z.number().int(),
  fields: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      is_single: z.unknown(),
      datatype: z.unknown(),
      max_length: z.unknown(),
      values: z.unknown(),
    }),
  ),
});
export type CustomFields = z.infer<typeof customFieldsSchema>;

/** GET /api/virtual_dnodes/all_classes/: every concept and class the caller may read. */
export const classListSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), type: z.string(), tag: z.string().nullable() }),
);
export type ClassSummary = z.infer<typeof classListSchema>[number];

/** GET /api/virtual_dnodes/dnode_services/{id}/: the services (METHOD nodes) a node offers. */
export const nodeServicesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), service_name: z.string() }),
);
export type NodeService = z.infer<typeof nodeServicesSchema>[number];
