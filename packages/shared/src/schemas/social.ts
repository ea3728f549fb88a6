import { z } from "zod";
import { MESSAGES } from "../messages";
import type { UserType } from "../types";
import { idParamSchema, idSchema } from "./common";

/** The kinds of user (people-spec 6), as a list for schemas. */
export const USER_TYPES = ["PERSON", "GROUP", "AI"] as const satisfies readonly UserType[];

/**
 * The lists of a user's virtual node (people-spec 7 relations): FRIEND, GROUP (groups a person is in),
 * FOLLOWER, FOLLOWING, and MEMBER (a group's members). FOLLOW takes its direction from `side`.
 */
export const USER_RELATION_TYPES = ["FRIEND", "GROUP", "FOLLOWER", "FOLLOWING", "MEMBER", "FOLLOW"] as const;
export type UserRelationType = (typeof USER_RELATION_TYPES)[number];

/** Greeting of a friend request: at most 200 characters (people-spec 9). */
export const GREETING_MAX_CHARS = 200;
export const GROUP_NAME_MAX_CHARS = 32;

/** GET /api/user/virtual-node/?user_id */
export const virtualNodeQuery = z.object({ user_id: idParamSchema });

/** GET /api/user/virtual-node/relations/?user_id&relation_type&side&page&page_size */
export const userRelationsQuery = z.object({
  user_id: idParamSchema,
  relation_type: z
    .preprocess(
      (v) => (typeof v === "string" ? v.toUpperCase() : v),
      z.enum(USER_RELATION_TYPES, { error: MESSAGES.relationTypeInvalid }),
    )
    .optional(),
  side: z.enum(["followers", "following"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserRelationsQuery = z.infer<typeof userRelationsQuery>;

/** POST /api/user/friend/request/ */
export const friendRequestBody = z.object({
  user_id: idSchema,
  greeting_message: z
    .string()
    .max(GREETING_MAX_CHARS, MESSAGES.greetingTooLong)
    .refine((s) => Array.from(s).length <= GREETING_MAX_CHARS, MESSAGES.greetingTooLong)
    .optional()
    .default(""),
});
export type FriendRequestBody = z.infer<typeof friendRequestBody>;

/** POST /api/user/group/ */
export const createGroupBody = z.object({
  group_name: z
    .string({ error: MESSAGES.groupNameRequired })
    .trim()
    .min(1, MESSAGES.groupNameRequired)
    .max(GROUP_NAME_MAX_CHARS, MESSAGES.groupNameTooLong),
  description: z.string().max(500).optional().default(""),
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

/** POST /api/user/follow/, /unfollow/, /block/, /unblock/ */
export const userIdBody = z.object({ user_id: idSchema });
