import { z } from "zod";
import { USER_TYPES } from "../schemas/social";
import { userNodeSchema } from "./social";

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
      display_name: z.string().optional(),
      user_type: z.enum(USER_TYPES).optional(),
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

/** People-spec 3 "User search result": the user's virtual USER node, with real type and stats. */
export const userSearchResultSchema = userNodeSchema;
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
