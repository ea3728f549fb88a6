import { z } from "zod";
import { MESSAGES } from "../messages";
import { AUTH_TYPES } from "../permissions";
import { idParamSchema, idSchema } from "./common";

const authTypeSchema = z.enum(AUTH_TYPES, { error: MESSAGES.authTypeInvalid });

/** GET /api/anchor-auth/?anchor_id */
export const anchorAuthQuery = z.object({ anchor_id: idParamSchema });

/** POST /api/anchor-auth/batch/ {anchor_ids} */
export const anchorAuthBatchBody = z.object({
  anchor_ids: z.array(idSchema, { error: MESSAGES.idListInvalid }).max(500, MESSAGES.tooManyIds),
});

/** GET /api/anchor-auth/check-permission/ */
export const checkPermissionQuery = z.object({
  node_id: idParamSchema,
  target_user_id: idParamSchema,
  auth_type: authTypeSchema.optional(),
});

/**
 * POST /api/anchor-auth/manage/: {dnode_id, user_id, auth_type} grants on the node's subtree (the whole
 * tree when the node is its root), or {anchor_id, user_id, auth_type, descendent_id?}. user_id null grants
 * everyone signed in (a global permission); auth_type null (or "none") withdraws the grant.
 */
export const manageGrantBody = z
  .object({
    dnode_id: idSchema.optional(),
    anchor_id: idSchema.optional(),
    descendent_id: idSchema.nullish(),
    user_id: idSchema.nullable(),
    auth_type: z.enum([...AUTH_TYPES, "none"], { error: MESSAGES.authTypeInvalid }).nullable(),
  })
  .refine((b) => (b.dnode_id === undefined) !== (b.anchor_id === undefined), {
    message: MESSAGES.grantTargetRequired,
    path: ["dnode_id"],
  });

/** GET and DELETE /api/dnode-permission/?dnode_id&user_id (GET without user_id lists the node's shares). */
export const dnodePermissionQuery = z.object({ dnode_id: idParamSchema, user_id: idParamSchema.optional() });
export const dnodePermissionDeleteQuery = z.object({ dnode_id: idParamSchema, user_id: idParamSchema });

/** POST /api/dnode-permission/: the node, the user and the flags that changed (toggles send only one). */
export const dnodePermissionBody = z.object({
  dnode: idSchema,
  user: idSchema,
  can_read: z.boolean({ error: MESSAGES.flagInvalid }).optional(),
  can_write: z.boolean({ error: MESSAGES.flagInvalid }).optional(),
});

/** PUT /api/dnode-permission/: the permission object (id optional: dnode and user name it). */
export const dnodePermissionPutBody = dnodePermissionBody.extend({ id: idSchema.nullish() });

/** POST /api/anchor-auth/publish/ */
export const publishBody = z.object({
  dnode_id: idSchema,
  is_public: z.boolean({ error: MESSAGES.flagInvalid }),
});

export const ANCHOR_LIST_TYPES = ["public", "shared", "received"] as const;

/** GET /api/user/public-anchors/ (workspace-spec 9: 20 per page, offset 0). */
export const publicAnchorsQuery = z.object({
  user_id: idParamSchema,
  type: z.enum(ANCHOR_LIST_TYPES, { error: MESSAGES.anchorListTypeInvalid }).default("public"),
  limit: z.coerce.number({ error: MESSAGES.pagingInvalid }).int().min(1).max(100).default(20),
  offset: z.coerce.number({ error: MESSAGES.pagingInvalid }).int().min(0).max(1_000_000).default(0),
});

/** GET /api/public-knowledge/ (people-spec 9: page 1, size 20). */
export const publicKnowledgeQuery = z.object({
  page: z.coerce.number({ error: MESSAGES.pagingInvalid }).int().min(1).max(100_000).default(1),
  page_size: z.coerce.number({ error: MESSAGES.pagingInvalid }).int().min(1).max(100).default(20),
});
