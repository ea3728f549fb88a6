import { z } from "zod";

/**
 * What the server answers (the contracts): one zod schema per response shape, used by the routes as
 * their response schemas and by the web as its types. A changed field breaks the type check on both sides.
 */

/** One relation group of a node: its size, the first ids (at most 200) in display order, and dict keys. */
export const relationGroupSchema = z
  .object({
    size: z.number().int(),
    head: z.array(z.number().int()),
    dict: z.record(z.string(), z.number().int()),
  })
  .meta({ id: "RelationGroup" });
export type RelationGroup = z.infer<typeof relationGroupSchema>;

/** The caller's rights on a node; the client gates its buttons on these, never on its own copy of the rules. */
export const nodeRightsSchema = z
  .object({ read: z.boolean(), write: z.boolean(), admin: z.boolean() })
  .meta({ id: "NodeRights" });
export type NodeRights = z.infer<typeof nodeRightsSchema>;

/** A dnode as the API returns it (workspace-spec 3 "Dnode"); the search vector never leaves the server. */
export const dnodeJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    content: z.record(z.string(), z.unknown()),
    parent_id: z.number().int().nullable(),
    main_relation: z.string().nullable(),
    owner_id: z.number().int(),
    creator_id: z.number().int(),
    creator_name: z.string().nullable(),
    src_id: z.number().int().nullable(),
    src_version: z.number().int().nullable(),
    version: z.number().int(),
    anchor_id: z.number().int().nullable(),
    order: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
    xtype: z.string().nullable(),
    relations: z.record(z.string(), relationGroupSchema),
    children: z.array(z.number().int()),
    dd_cnt: z.number().int(),
    relatedChildrenCnt: z.number().int(),
    questionsCnt: z.number().int(),
    evolves: z.number().int(),
    permissions: nodeRightsSchema,
    /** True when the node's tree is published (the client colours its bullet). */
    is_public: z.boolean(),
    /** A placeholder for a node the caller may not read: only its id is real. */
    locked: z.literal(true).optional(),
    /** For concepts, classes and instances: what they inherit, by relation name (`relations.inheritances` holds all). */
    inheritance_groups: z.record(z.string(), relationGroupSchema).optional(),
  })
  .meta({ id: "Dnode" });
export type DnodeJson = z.infer<typeof dnodeJsonSchema>;

/** A relation record as the API returns it (workspace-spec 3 "Relation record"). */
export const relationJsonSchema = z
  .object({
    id: z.number().int(),
    xnode: z.number().int(),
    ynode: z.number().int(),
    relation_name: z.string(),
    custom_relation: z.number().int().nullable(),
    xorder: z.number(),
    yorder: z.number(),
    key: z.string().nullable(),
    created_at: z.string(),
    info: z.record(z.string(), z.unknown()),
    showed_side: z.string().nullable(),
    is_deleted: z.boolean(),
  })
  .meta({ id: "Relation" });
export type RelationJson = z.infer<typeof relationJsonSchema>;
