import { z } from "zod";

/** Workspace-spec 3 "Anchor access info", with the caller's own right to grant. */
export const anchorAuthInfoSchema = z.object({
  anchor_id: z.number().int(),
  is_public: z.boolean(),
  global_permissions: z.array(
    z.object({ id: z.number().int(), auth_type: z.string(), descendent_id: z.number().int().nullable() }),
  ),
  user_permissions: z.array(
    z.object({
      id: z.number().int(),
      user: z.object({ id: z.number().int(), username: z.string() }),
      auth_type: z.string(),
      descendent_id: z.number().int().nullable(),
    }),
  ),
  can_grant: z.boolean(),
});
export type AnchorAuthInfo = z.infer<typeof anchorAuthInfoSchema>;

/** POST /api/anchor-auth/batch/: access info by anchor id, for the trees the caller may read. */
export const anchorAuthBatchSchema = z.record(z.string(), anchorAuthInfoSchema);
export type AnchorAuthBatch = z.infer<typeof anchorAuthBatchSchema>;

/** GET /api/anchor-auth/check-permission/: `has_permission` is about the target user, `can_grant` the caller. */
export const checkPermissionResultSchema = z.object({ has_permission: z.boolean(), can_grant: z.boolean() });
export type CheckPermissionResult = z.infer<typeof checkPermissionResultSchema>;

/** POST /api/anchor-auth/manage/: the grant as it now stands, or null once withdrawn. */
export const manageGrantResultSchema = z.object({
  success: z.boolean(),
  anchor_id: z.number().int(),
  grant: z
    .object({
      id: z.number().int(),
      anchor_id: z.number().int(),
      user_id: z.number().int().nullable(),
      auth_type: z.string(),
      descendent_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type ManageGrantResult = z.infer<typeof manageGrantResultSchema>;

/** POST /api/anchor-auth/publish/. */
export const publishResultSchema = z.object({
  success: z.boolean(),
  anchor_id: z.number().int(),
  is_public: z.boolean(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** Workspace-spec 3 "Node permission"; id is null while the user has no share on the node. */
export const sharePermissionSchema = z.object({
  id: z.number().int().nullable(),
  dnode: z.number().int(),
  user: z.number().int(),
  /** In the list of a node's shares only. */
  user_name: z.string().optional(),
  can_read: z.boolean(),
  can_write: z.boolean(),
});
export type SharePermission = z.infer<typeof sharePermissionSchema>;

/** GET /api/dnode-permission/: one user's share (with user_id) or every share on the node (without). */
export const shareLookupSchema = z.union([sharePermissionSchema, z.array(sharePermissionSchema)]);
