import { z } from "zod";

/** The error body every failing API call returns (DESIGN.md "API conventions"). */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    /** The message for people, in Chinese. */
    error: z.string(),
    /** A stable machine code, e.g. NOT_LOGGED_IN, NODE_FORBIDDEN, VALIDATION_ERROR. */
    code: z.string(),
    /** For validation errors: the message for each field that failed. */
    details: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "ApiError" });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
