import { routeTitle } from "./tab-titles";

/**
 * The tab workspace of workspace-spec 2, as pure functions over one state value, so every rule is a
 * unit test and the store only keeps, persists and syncs the value.
 */

/** One tab (workspace-spec 3 "Tab"). */
export interface Tab {
  url: string;
  name?: string | null;
  showLock?: boolean;
  data?: unknown;
  currentStepId?: number | string | null;
  /** Its page answered 403 or 404: shown this session, never saved (a later login would reopen an error). */
  broken?: boolean;
}

/** The saved shape (workspace-spec 7 tabstate): two tab sets, each a map by URL plus its order. */
export interface TabState {
  mainTabs: Record<string, Tab>;
  orderedUrls: string[];
  siderTabs: Record<string, Tab>;
  orderedSiderUrls: string[];
  currentSiderUrl: string | null;
  currentSiderName: string | null;
}

export const EMPTY_TABS: TabState = {
  mainTabs: {},
  orderedUrls: [],
  siderTabs: {},
  orderedSiderUrls: [],
  currentSiderUrl: null,
  currentSiderName: null,
};

/** A tab's title: its name, else the spec's name of its page (never the raw URL). */
export const tabTitle = (tab: Tab | undefined, url: string) => (tab?.name ? tab.name : routeTitle(url));

/** One spelling per page, so `/data/1/` and `/data/1?` find the tab of `/data/1`. */
export function canonicalUrl(url: string): string {
  const [path = "/", query = ""] = url.split("?");
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
  return query ? `${trimmed}?${query}` : trimmed;
}

/** Paths under /ask open in the side panel by default; all others as main tabs. */
export const opensInSider = (url: string) =>
  url === "/ask" || url.startsWith("/ask/") || url.startsWith("/ask?");

/** Routing to a URL: opens its main tab when absent (at the end) and names it when a name is given. */
export function openMain(state: TabState, url: string, name?: string | null): TabState {
  const existing = state.mainTabs[url];
  if (existing && (!name || existing.name === name)) return state;
  return {
    ...state,
    mainTabs: { ...state.mainTabs, [url]: { ...existing, url, name: name ?? existing?.name ?? null } },
    orderedUrls: existing ? state.orderedUrls : [...state.orderedUrls, url],
  };
}

/**
 * Closes a main tab. When it was the active one, the previous tab becomes active (the new first when it
 * was first), and with no tab left the workspace goes home: `navigateTo` says where to go, if anywhere.
 */
export function closeMain(
  state: TabState,
  url: string,
  activeUrl: string,
): { state: TabState; navigateTo: string | null } {
  const at = state.orderedUrls.indexOf(url);
  if (at < 0) return { state, navigateTo: null };
  const { [url]: _closed, ...mainTabs } = state.mainTabs;
  const orderedUrls = state.orderedUrls.filter((u) => u !== url);
  const next = { ...state, mainTabs, orderedUrls };
  if (url !== activeUrl) return { state: next, navigateTo: null };
  if (orderedUrls.length === 0) return { state: next, navigateTo: "/" };
  return { state: next, navigateTo: orderedUrls[Math.max(0, at - 1)]! };
}

/** Moves a main tab to stand before another (or last when `beforeUrl` is null). */
export function reorderMain(state: TabState, url: string, beforeUrl: string | null): TabState {
  if (url === beforeUrl || !state.orderedUrls.includes(url)) return state;
  const rest = state.orderedUrls.filter((u) => u !== url);
  const at = beforeUrl === null ? rest.length : rest.indexOf(beforeUrl);
  if (at < 0) return state;
  return { ...state, orderedUrls: [...rest.slice(0, at), url, ...rest.slice(at)] };
}

/**
 * Shows a URL in the side panel: it becomes the side panel's current tab (opened there if absent) and
 * leaves the main tabs.
 */
export function setSider(state: TabState, url: string, name?: string | null): TabState {
  const existing = state.siderTabs[url] ?? state.mainTabs[url];
  const tabName = name ?? existing?.name ?? null;
  const { [url]: _moved, ...mainTabs } = state.mainTabs;
  return {
    ...state,
    mainTabs,
    orderedUrls: state.orderedUrls.filter((u) => u !== url),
    siderTabs: { ...state.siderTabs, [url]: { ...existing, url, name: tabName } },
    orderedSiderUrls: state.orderedSiderUrls.includes(url)
      ? state.orderedSiderUrls
      : [...state.orderedSiderUrls, url],
    currentSiderUrl: url,
    currentSiderName: tabName,
  };
}

/** Closes a side-panel tab; the previous one (or the new first) becomes current, none when it was the last. */
export function closeSider(state: TabState, url: string): TabState {
  const at = state.orderedSiderUrls.indexOf(url);
  if (at < 0) return state;
  const { [url]: _closed, ...siderTabs } = state.siderTabs;
  const orderedSiderUrls = state.orderedSiderUrls.filter((u) => u !== url);
  if (state.currentSiderUrl !== url) return { ...state, siderTabs, orderedSiderUrls };
  const current = orderedSiderUrls[Math.max(0, at - 1)] ?? null;
  return {
    ...state,
    siderTabs,
    orderedSiderUrls,
    currentSiderUrl: current,
    currentSiderName: current ? (siderTabs[current]?.name ?? null) : null,
  };
}

/**
 * Unsets the side panel's tab: it moves back to the main tabs, and the caller navigates to it
 * (`navigateTo`), so the person keeps looking at what they moved.
 */
export function unsetSider(state: TabState, url: string): { state: TabState; navigateTo: string | null } {
  const tab = state.siderTabs[url];
  if (!tab) return { state, navigateTo: null };
  const closed = closeSider(state, url);
  return { state: openMain(closed, url, tab.name), navigateTo: url };
}

/** Renames a tab wherever it is (a page names its tab once its node has loaded). */
export function renameTab(state: TabState, url: string, name: string): TabState {
  let next = state;
  if (state.mainTabs[url] && state.mainTabs[url].name !== name)
    next = { ...next, mainTabs: { ...next.mainTabs, [url]: { ...next.mainTabs[url], url, name } } };
  if (state.siderTabs[url] && state.siderTabs[url].name !== name) {
    next = { ...next, siderTabs: { ...next.siderTabs, [url]: { ...next.siderTabs[url], url, name } } };
    if (next.currentSiderUrl === url) next = { ...next, currentSiderName: name };
  }
  return next;
}

/**
 * Opens a URL and says where to navigate, if anywhere. A URL a tab already shows activates that tab
 * rather than adding another: routing to a side-panel tab's URL moves it to the main tabs; a link clicked
 * in the main panel to an open main tab goes there, otherwise opens in the side panel; a link clicked in
 * the side panel to one of its own tabs makes it current, otherwise opens as a main tab (workspace-spec 2).
 */
export function openUrl(
  state: TabState,
  rawUrl: string,
  from: "route" | "main" | "sider",
  name?: string | null,
): { state: TabState; navigateTo: string | null } {
  const url = canonicalUrl(rawUrl);
  if (from === "route") {
    const moved = state.siderTabs[url] ? closeSider(state, url) : state;
    return { state: openMain(moved, url, name ?? state.siderTabs[url]?.name), navigateTo: null };
  }
  if (state.mainTabs[url]) return { state, navigateTo: url };
  if (from === "main" || state.siderTabs[url]) return { state: setSider(state, url, name), navigateTo: null };
  return { state: openMain(state, url, name), navigateTo: url };
}

/** Marks a tab whose page is an error (403, 404): it stays open now but is not saved. */
export function markBroken(state: TabState, url: string): TabState {
  let next = state;
  if (state.mainTabs[url] && !state.mainTabs[url].broken)
    next = { ...next, mainTabs: { ...next.mainTabs, [url]: { ...next.mainTabs[url], broken: true } } };
  if (state.siderTabs[url] && !state.siderTabs[url].broken)
    next = { ...next, siderTabs: { ...next.siderTabs, [url]: { ...next.siderTabs[url], broken: true } } };
  return next;
}

/** What is saved (locally and on the server): every tab but the broken ones. */
export function persistable(state: TabState): TabState {
  const broken = (tabs: Record<string, Tab>) => Object.keys(tabs).filter((url) => tabs[url]?.broken);
  const gone = new Set([...broken(state.mainTabs), ...broken(state.siderTabs)]);
  if (gone.size === 0) return state;
  const keep = (tabs: Record<string, Tab>) =>
    Object.fromEntries(Object.entries(tabs).filter(([url]) => !gone.has(url)));
  const current = state.currentSiderUrl && !gone.has(state.currentSiderUrl) ? state.currentSiderUrl : null;
  return {
    mainTabs: keep(state.mainTabs),
    orderedUrls: state.orderedUrls.filter((url) => !gone.has(url)),
    siderTabs: keep(state.siderTabs),
    orderedSiderUrls: state.orderedSiderUrls.filter((url) => !gone.has(url)),
    currentSiderUrl: current,
    currentSiderName: current ? state.currentSiderName : null,
  };
}

/** Which panel a link clicked in `from` opens in: always the opposite one (workspace-spec 2). */
export const oppositePanel = (from: "main" | "sider"): "main" | "sider" =>
  from === "main" ? "sider" : "main";

/** A saved state from the server or local storage, made whole whatever older shape it has. */
export function normaliseTabState(raw: unknown): TabState {
  if (!raw || typeof raw !== "object") return EMPTY_TABS;
  const value = raw as Record<string, unknown>;
  const toMap = (tabs: unknown): Record<string, Tab> => {
    const list = Array.isArray(tabs) ? tabs : tabs && typeof tabs === "object" ? Object.values(tabs) : [];
    const map: Record<string, Tab> = {};
    for (const tab of list)
      if (tab && typeof (tab as Tab).url === "string") map[(tab as Tab).url] = tab as Tab;
    return map;
  };
  const mainTabs = toMap(value.mainTabs ?? value.tabs);
  const siderTabs = toMap(value.siderTabs);
  const order = (urls: unknown, tabs: Record<string, Tab>) => {
    const listed = Array.isArray(urls)
      ? urls.filter((u): u is string => typeof u === "string" && u in tabs)
      : [];
    return [...new Set([...listed, ...Object.keys(tabs)])];
  };
  const currentSiderUrl =
    typeof value.currentSiderUrl === "string" && value.currentSiderUrl in siderTabs
      ? value.currentSiderUrl
      : null;
  return {
    mainTabs,
    orderedUrls: order(value.orderedUrls, mainTabs),
    siderTabs,
    orderedSiderUrls: order(value.orderedSiderUrls, siderTabs),
    currentSiderUrl,
    currentSiderName: currentSiderUrl ? (siderTabs[currentSiderUrl]?.name ?? null) : null,
  };
}

/** Side panel width: 300 px to 80% of the window, 600 by default (workspace-spec 9). */
export const SIDER_DEFAULT_WIDTH = 600;
export const SIDER_MIN_WIDTH = 300;
export function clampSiderWidth(width: number, windowWidth: number): number {
  const max = Math.max(SIDER_MIN_WIDTH, Math.floor(windowWidth * 0.8));
  if (!Number.isFinite(width)) return Math.min(SIDER_DEFAULT_WIDTH, max);
  return Math.min(max, Math.max(SIDER_MIN_WIDTH, Math.round(width)));
}

/** The first state's tabs, then the second's that the first lacks; the first's side panel wins. */
export function mergeTabs(first: TabState, second: TabState): TabState {
  const extraMain = second.orderedUrls.filter((url) => !(url in first.mainTabs) && !(url in first.siderTabs));
  const extraSider = second.orderedSiderUrls.filter(
    (url) => !(url in first.siderTabs) && !(url in first.mainTabs),
  );
  return {
    ...first,
    mainTabs: {
      ...first.mainTabs,
      ...Object.fromEntries(extraMain.map((url) => [url, second.mainTabs[url]!])),
    },
    orderedUrls: [...first.orderedUrls, ...extraMain],
    siderTabs: {
      ...first.siderTabs,
      ...Object.fromEntries(extraSider.map((url) => [url, second.siderTabs[url]!])),
    },
    orderedSiderUrls: [...first.orderedSiderUrls, ...extraSider],
  };
}
