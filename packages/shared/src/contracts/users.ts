import { z } from "zod";

/** A user as the API shows it; `email` only to the user themself. */
export const userJsonSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().optional(),
    content: z.object({
      user_root_node_id: z.number().int().nullable(),
      ai_agent_id: z.number().int().nullable().optional(),
      avatar_url: z.string().optional(),
      description: z.string().optional(),
    }),
    created_at: z.string(),
  })
  .meta({ id: "User" });
export type UserJson = z.infer<typeof userJsonSchema>;

/** POST /api/register (201). */
export const registerResponseSchema = z.object({ success: z.boolean(), user: userJsonSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** An access token (15 minutes) and a refresh token (7 days); POST /api/token/refresh/ answers a new pair. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /api/login. */
export const loginResponseSchema = tokenPairSchema.extend({ user: userJsonSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** People-spec 3 "User search result". */
export const userSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  content: z.object({
    user_id: z.number().int(),
    user_type: z.enum(["PERSON", "GROUP", "AI"]),
    description: z.string().optional(),
    avatar_url: z.string().optional(),
    stats: z.object({
      friends_count: z.number().int(),
      groups_count: z.number().int(),
      followers_count: z.number().int(),
      following_count: z.number().int(),
    }),
  }),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
