import { z } from "zod";
import { MESSAGES } from "../messages";
import { idParamSchema, idSchema, nameSchema, relationNameSchema } from "./common";
import { idListInQuery } from "./tree";

const ySideOnly = z.enum(["y"], { error: MESSAGES.ySideOnly }).default("y");

/** POST /api/dnode_relation/create/ */
export const createRelationBody = z.object({
  x_node_id: idSchema,
  y_node_id: idSchema,
  y_name: relationNameSchema.optional(),
  custom_relation_id: idSchema.nullish(),
  showed_side: z.enum(["x", "y"]).nullish(),
  before_node_id: idSchema.nullish(),
});
export type CreateRelationInput = z.input<typeof createRelationBody>;

/** POST /api/dnode_relation/create_virtual/ */
export const createVirtualBody = z.object({
  x_node_id: idSchema,
  y_node_name: nameSchema.min(1),
  y_name: relationNameSchema.optional(),
});

export const relationNodeQuery = z.object({ relation_name: relationNameSchema, xnode_id: idParamSchema });
export const propertyRelationQuery = z.object({ concept_id: idParamSchema, property_id: idParamSchema });
export const methodRelationQuery = z.object({ concept_id: idParamSchema, method_id: idParamSchema });
export const byNodesQuery = z.object({
  xnode_id: idParamSchema,
  ynode_id: idParamSchema,
  relation_name: relationNameSchema,
});
export const relationsByIdsQuery = z.object({ ids: idListInQuery(500) });

/** The value types of workspace-spec 3 "Related value"; inferred from the value when absent. */
export const RELATED_VALUE_TYPES = [
  "String",
  "Number",
  "Boolean",
  "Dnode",
  "NewDnode",
  "Pvalue",
  "List",
  "Dict",
  "Text",
] as const;
export type RelatedValueType = (typeof RELATED_VALUE_TYPES)[number];

/** POST /api/dnode/add_related_value */
export const addRelatedValueBody = z.object({
  dnode_id: idSchema,
  relation_name: relationNameSchema,
  side: ySideOnly,
  related_value: z.object({
    value: z.unknown(),
    // People-spec writes NEWDNODE, PVALUE, DNODE; workspace-spec NewDnode, Pvalue, Dnode: both are taken.
    type: z
      .string()
      .transform((t) => RELATED_VALUE_TYPES.find((v) => v.toLowerCase() === t.toLowerCase()))
      .refine((t) => t !== undefined, MESSAGES.relatedValueTypeInvalid)
      .optional(),
    info: z.record(z.string(), z.unknown()).optional(),
    custom_prefix: z.string().max(40).optional(),
    property_id: idSchema.optional(),
  }),
  key: z.string().max(200).nullish(),
  before_node_id: idSchema.nullish(),
  custom_relation_id: idSchema.nullish(),
});
export type AddRelatedValueBody = z.infer<typeof addRelatedValueBody>;

/** POST /api/dnode/{id}/remove-relation/ */
export const removeRelationBody = z.object({
  relation_name: relationNameSchema,
  y_node_id: idSchema,
  side: ySideOnly,
});
export type RemoveRelationInput = z.input<typeof removeRelationBody>;
