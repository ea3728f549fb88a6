import { create } from "zustand";
import { api } from "../../api/client";
import {
  clampSiderWidth,
  EMPTY_TABS,
  mergeTabs,
  normaliseTabState,
  persistable,
  SIDER_DEFAULT_WIDTH,
  type TabState,
} from "./tab-model";

/** Local storage keys (workspace-spec 2: the splitter's width is kept as `siderWidth`). */
export const TAB_STATE_KEY = "tabState";
export const SIDER_WIDTH_KEY = "siderWidth";
/** Whose tabs this browser holds, so a second person signing in here never inherits them. */
export const TAB_OWNER_KEY = "tabStateUser";

/** Saves to the server wait for a pause in changes, so dragging tabs about is one save, not ten. */
export const SAVE_DEBOUNCE_MS = 800;

function readLocal(): TabState {
  try {
    return normaliseTabState(JSON.parse(localStorage.getItem(TAB_STATE_KEY) ?? "null"));
  } catch {
    return EMPTY_TABS;
  }
}

function readWidth(): number {
  return clampSiderWidth(
    Number(localStorage.getItem(SIDER_WIDTH_KEY) ?? SIDER_DEFAULT_WIDTH),
    window.innerWidth,
  );
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the state in local storage, without the error pages (they are not reopened at the next start). */
function keepLocal(state: TabState) {
  localStorage.setItem(TAB_STATE_KEY, JSON.stringify(persistable(state)));
}

/** Sends the state to the server after a pause; a failure is logged and the local state stays. */
function scheduleSave(state: TabState) {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    api
      .post("/tabstate/save_state/", persistable(state))
      .catch((error) => console.error("保存标签页失败", error));
  }, SAVE_DEBOUNCE_MS);
}

interface TabStore {
  tabs: TabState;
  siderWidth: number;
  /** Applies a rule of tab-model to the state, keeps it locally and saves it to the server. */
  apply(change: (state: TabState) => TabState): void;
  setSiderWidth(width: number): void;
  /**
   * At sign-in: this browser's tabs when they are this person's (they are the newest: a save may still
   * be pending), else the server's, so a second browser restores the person's tabs.
   */
  loadFor(userId: number): Promise<void>;
}

export const useTabs = create<TabStore>((set, get) => ({
  tabs: readLocal(),
  siderWidth: readWidth(),
  apply(change) {
    const before = get().tabs;
    const after = change(before);
    if (after === before) return;
    set({ tabs: after });
    keepLocal(after);
    scheduleSave(after);
  },
  setSiderWidth(width) {
    const clamped = clampSiderWidth(width, window.innerWidth);
    set({ siderWidth: clamped });
    localStorage.setItem(SIDER_WIDTH_KEY, String(clamped));
  },
  async loadFor(userId) {
    const local = get().tabs;
    if (
      localStorage.getItem(TAB_OWNER_KEY) === String(userId) &&
      local.orderedUrls.length + local.orderedSiderUrls.length > 0
    ) {
      scheduleSave(local);
      return;
    }
    localStorage.setItem(TAB_OWNER_KEY, String(userId));
    try {
      const remote = normaliseTabState(await api.get("/tabstate/get_state/"));
      if (remote.orderedUrls.length === 0 && remote.orderedSiderUrls.length === 0) return;
      // Tabs opened here while the answer was on its way are kept after the server's (logout clears
      // local storage, so what is here is this person's).
      const merged = mergeTabs(remote, get().tabs);
      set({ tabs: merged });
      keepLocal(merged);
      scheduleSave(merged);
    } catch (error) {
      console.error("读取标签页失败", error);
    }
  },
}));

/** Forgets the workspace (logout clears local storage; the store must follow). */
export function resetTabs() {
  clearTimeout(saveTimer);
  useTabs.setState({ tabs: EMPTY_TABS });
}
