import type { TabState, TabStateResponse } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tabState } from "../../db/schema";

/** What a user who never saved tabs gets: empty sets, no side panel. */
const EMPTY_STATE: TabStateResponse = {
  mainTabs: [],
  siderTabs: [],
  orderedUrls: [],
  orderedSiderUrls: [],
  currentSiderUrl: null,
  currentSiderName: null,
};

/** GET /api/tabstate/get_state/: the saved state over the empty one, so every key is present. */
export async function getTabState(db: Db, userId: number): Promise<TabStateResponse> {
  const [row] = await db.select({ state: tabState.state }).from(tabState).where(eq(tabState.userId, userId));
  // Stored only by saveTabState, after the save body's schema checked it and `tabs` became mainTabs.
  const saved = (row?.state ?? {}) as Partial<TabStateResponse>;
  return { ...EMPTY_STATE, ...saved };
}

/** POST /api/tabstate/save_state/: replaces the saved state (the client always sends all of it). */
export async function saveTabState(db: Db, userId: number, state: TabState): Promise<void> {
  const { tabs, ...rest } = state;
  // `tabs` is the older name of `mainTabs`; store one name.
  const stored = {
    ...rest,
    ...(rest.mainTabs === undefined && tabs !== undefined ? { mainTabs: tabs } : {}),
  };
  const updatedAt = new Date();
  await db
    .insert(tabState)
    .values({ userId, state: stored, updatedAt })
    .onConflictDoUpdate({ target: tabState.userId, set: { state: stored, updatedAt } });
}
