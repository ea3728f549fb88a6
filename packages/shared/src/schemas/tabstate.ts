import { z } from "zod";
import { MESSAGES } from "../messages";

const url = z.string().max(2000, MESSAGES.tabUrlTooLong);

/** One tab (workspace-spec 3 "Tab"): its URL, title and view data. */
export const tabSchema = z.looseObject({
  url,
  name: z.string().max(500).nullish(),
  showLock: z.boolean().nullish(),
  data: z.unknown().optional(),
  currentStepId: z.union([z.number(), z.string().max(100)]).nullish(),
});

// A working set is dozens of tabs; the caps keep one user's row small whatever a client sends.
const MAX_TABS = 200;
const tabs = z.union([z.array(tabSchema).max(MAX_TABS), z.record(url, tabSchema)], {
  error: MESSAGES.tabStateInvalid,
});
const urls = z.array(url).max(MAX_TABS, MESSAGES.tabStateInvalid);

/** The tab state of workspace-spec 7 (`tabs` is the older name of `mainTabs`). */
export const tabStateSchema = z.object({
  mainTabs: tabs.optional(),
  tabs: tabs.optional(),
  siderTabs: tabs.optional(),
  orderedUrls: urls.optional(),
  orderedSiderUrls: urls.optional(),
  currentSiderUrl: url.nullish(),
  currentSiderName: z.string().max(500).nullish(),
});
export type TabState = z.infer<typeof tabStateSchema>;

/** POST /api/tabstate/save_state/: the state itself, or wrapped as `{state}`. */
export const saveTabStateBody = z.union([z.object({ state: tabStateSchema }).strict(), tabStateSchema]);
