import { z } from "zod";
import { USER_TYPES } from "../schemas/social";

/** The counts on a user card (people-spec 3); `members_count` only for groups. */
export const userStatsSchema = z.object({
  friends_count: z.number().int(),
  groups_count: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  members_count: z.number().int().optional(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** How the caller stands to this user (absent for the caller themself). */
export const userRelationshipSchema = z.object({
  is_friend: z.boolean(),
  is_following: z.boolean(),
  is_followed_by: z.boolean(),
  is_member: z.boolean(),
  blocked: z.boolean(),
  blocked_by: z.boolean(),
  /** The open friend request between the two, either way, by its process node id. */
  pending_request_id: z.number().int().nullable(),
});
export type UserRelationship = z.infer<typeof userRelationshipSchema>;

/**
 * A user's virtual USER node (people-spec 3 "User search result", 7 /user/virtual-node/): computed, not
 * stored; `id` is the user id.
 */
export const userNodeSchema = z
  .object({
    id: z.number().int(),
    type: z.literal("USER"),
    name: z.string(),
    username: z.string(),
    content: z.object({
      user_id: z.number().int(),
      user_type: z.enum(USER_TYPES),
      description: z.string().optional(),
      avatar_url: z.string().optional(),
      stats: userStatsSchema,
      /** Groups: the person who made it. */
      owner_id: z.number().int().optional(),
    }),
    relationship: userRelationshipSchema.optional(),
    created_at: z.string(),
  })
  .meta({ id: "UserNode" });
export type UserNodeJson = z.infer<typeof userNodeSchema>;

/** GET /api/user/virtual-node/relations/: one page of the related users' virtual nodes. */
export const userRelationsPageSchema = z.object({
  relation_type: z.string(),
  results: z.array(userNodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserRelationsPage = z.infer<typeof userRelationsPageSchema>;

/** POST /api/user/friend/request/ (201): the FriendRequestProcess node id and its content. */
export const friendRequestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  process_id: z.number().int(),
  request: z.object({
    xtype: z.literal("FriendRequestProcess"),
    requester_id: z.number().int(),
    target_user_id: z.number().int(),
    request_type: z.string(),
    self_status: z.string(),
    delegate_status: z.string(),
    greeting_message: z.string(),
    text: z.string(),
    persons: z.array(z.number().int()),
  }),
});

/** POST /api/user/group/ (201). */
export const groupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  group: userNodeSchema,
});

/** Follow, unfollow, block, unblock, join, leave: the other user's node as it now stands. */
export const userActionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: userNodeSchema,
});
export type UserActionResponse = z.infer<typeof userActionResponseSchema>;

/** GET /api/user/blocks/: whom the caller blocked. */
export const blockListSchema = z.object({ results: z.array(userNodeSchema) });
