import { z } from "zod";

/** GET /api/app-version/ (workspace-spec 3 "App version record"). */
export const appVersionSchema = z.object({
  version: z.string(),
  updateConfig: z.object({
    localStorage: z.boolean(),
    logout: z.boolean(),
    updateStorage: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type AppVersion = z.infer<typeof appVersionSchema>;
