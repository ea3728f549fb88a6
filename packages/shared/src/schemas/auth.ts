import { z } from "zod";
import { MESSAGES } from "../messages";

/** Compatibility forms folded (full-width ａｌｉｃｅ is alice), as names are stored and compared. */
export const normalizeUsername = (name: string) => name.normalize("NFKC").trim();

/** A username: 2–32 letters, digits, Chinese characters, underscore, dot or dash, after NFKC. */
export const usernameSchema = z.preprocess(
  (value) => (typeof value === "string" ? normalizeUsername(value) : value),
  z
    .string({ error: MESSAGES.usernameRequired })
    .min(1, MESSAGES.usernameRequired)
    .regex(/^[\p{L}\p{N}_.-]{2,32}$/u, MESSAGES.usernameInvalid),
);

const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(8, MESSAGES.passwordTooShort)
  .max(128, MESSAGES.passwordTooLong);

const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid));

/** POST /api/register */
export const registerBody = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/login — no format rules beyond presence, so a wrong guess never tells what exists. */
export const loginBody = z.object({
  username: z.string({ error: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired).max(200),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/token/refresh/ */
export const refreshBody = z.object({
  refresh: z.string({ error: MESSAGES.refreshInvalid }).min(1).max(4096),
});

/** PUT /api/user/me/ — the profile fields a user may change about themself. */
export const updateMeBody = z
  .object({
    email: emailSchema.optional(),
    content: z
      .object({
        avatar_url: z.string().max(2048).optional(),
        description: z.string().max(500).optional(),
        /** The name others see (people-spec 3 "name"); empty goes back to the user name. */
        display_name: z.string().trim().max(32, MESSAGES.displayNameTooLong).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** GET /api/user/search/?q&limit (people-spec 7; `query` is the store's name for q). */
export const userSearchQuery = z.object({
  q: z.string().max(100).optional(),
  query: z.string().max(100).optional(),
  limit: z.coerce.number({ error: MESSAGES.limitInvalid }).int().min(1).max(50).default(20),
});
