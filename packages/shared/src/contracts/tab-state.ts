import type { z } from "zod";
import { tabStateSchema } from "../schemas/tabstate";

/**
 * GET /api/tabstate/get_state/: the saved state over the empty one, so every key is present
 * (`tabs`, the older name of `mainTabs`, is stored as mainTabs and never answered).
 */
export const tabStateResponseSchema = tabStateSchema.omit({ tabs: true }).required({
  mainTabs: true,
  siderTabs: true,
  orderedUrls: true,
  orderedSiderUrls: true,
  currentSiderUrl: true,
  currentSiderName: true,
});
export type TabStateResponse = z.infer<typeof tabStateResponseSchema>;
