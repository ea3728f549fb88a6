import { describe, expect, it } from "vitest";
import {
  canonicalUrl,
  clampSiderWidth,
  closeMain,
  closeSider,
  EMPTY_TABS,
  markBroken,
  mergeTabs,
  normaliseTabState,
  openMain,
  opensInSider,
  openUrl,
  oppositePanel,
  persistable,
  renameTab,
  reorderMain,
  setSider,
  type TabState,
  tabTitle,
  unsetSider,
} from "./tab-model";

const withMain = (...urls: string[]): TabState => urls.reduce((s, u) => openMain(s, u), EMPTY_TABS);

describe("main tabs", () => {
  it("opens a tab once per URL, at the end, and activating an open one keeps the order", () => {
    const s = withMain("/data/1", "/data/2", "/data/1");
    expect(s.orderedUrls).toEqual(["/data/1", "/data/2"]);
    expect(openMain(s, "/data/1")).toBe(s);
  });

  it("names a tab and falls back to the spec's name of its page, never the URL", () => {
    const s = openMain(withMain("/data/1"), "/data/1", "历史");
    expect(tabTitle(s.mainTabs["/data/1"], "/data/1")).toBe("历史");
    expect(tabTitle(withMain("/empty").mainTabs["/empty"], "/empty")).toBe("空白页");
    expect(tabTitle(undefined, "/data/2")).toBe("知识点 #2");
    expect(renameTab(s, "/data/1", "宋史").mainTabs["/data/1"]!.name).toBe("宋史");
  });

  it("closing the active tab activates the previous one", () => {
    const { state, navigateTo } = closeMain(withMain("/a", "/b", "/c"), "/c", "/c");
    expect(state.orderedUrls).toEqual(["/a", "/b"]);
    expect(navigateTo).toBe("/b");
    expect(closeMain(withMain("/a", "/b", "/c"), "/b", "/b").navigateTo).toBe("/a");
  });

  it("closing the active first tab activates the new first (its right neighbour)", () => {
    expect(closeMain(withMain("/a", "/b", "/c"), "/a", "/a").navigateTo).toBe("/b");
  });

  it("closing an inactive tab stays put; closing the last goes home", () => {
    expect(closeMain(withMain("/a", "/b"), "/a", "/b")).toMatchObject({
      navigateTo: null,
      state: { orderedUrls: ["/b"] },
    });
    expect(closeMain(withMain("/a"), "/a", "/a").navigateTo).toBe("/");
    expect(closeMain(withMain("/a"), "/zzz", "/a").navigateTo).toBeNull();
  });

  it("reorders by drag: before another tab or last", () => {
    expect(reorderMain(withMain("/a", "/b", "/c"), "/c", "/a").orderedUrls).toEqual(["/c", "/a", "/b"]);
    expect(reorderMain(withMain("/a", "/b", "/c"), "/a", null).orderedUrls).toEqual(["/b", "/c", "/a"]);
    const s = withMain("/a");
    expect(reorderMain(s, "/a", "/a")).toBe(s);
  });
});

describe("side panel", () => {
  it("opens /ask paths in the side panel by default, others in main", () => {
    expect(opensInSider("/ask")).toBe(true);
    expect(opensInSider("/ask/12")).toBe(true);
    expect(opensInSider("/asking")).toBe(false);
    expect(opensInSider("/data/1")).toBe(false);
  });

  it("setting the side panel to a URL takes it out of the main tabs", () => {
    const s = setSider(openMain(withMain("/a", "/b"), "/b", "乙"), "/b");
    expect(s.orderedUrls).toEqual(["/a"]);
    expect(s.mainTabs["/b"]).toBeUndefined();
    expect(s).toMatchObject({ currentSiderUrl: "/b", currentSiderName: "乙", orderedSiderUrls: ["/b"] });
  });

  it("unsetting moves the tab back to main and says to navigate to it", () => {
    const { state, navigateTo } = unsetSider(setSider(withMain("/a"), "/ask", "问AI"), "/ask");
    expect(navigateTo).toBe("/ask");
    expect(state.orderedUrls).toEqual(["/a", "/ask"]);
    expect(state.mainTabs["/ask"]!.name).toBe("问AI");
    expect(state).toMatchObject({ currentSiderUrl: null, orderedSiderUrls: [] });
  });

  it("closing the current side tab makes the previous current", () => {
    const s = setSider(setSider(EMPTY_TABS, "/ask", "一"), "/user/2", "二");
    expect(closeSider(s, "/user/2")).toMatchObject({ currentSiderUrl: "/ask", currentSiderName: "一" });
    expect(closeSider(closeSider(s, "/user/2"), "/ask")).toMatchObject({ currentSiderUrl: null });
  });

  it("a link opens in the opposite panel", () => {
    expect(oppositePanel("main")).toBe("sider");
    expect(oppositePanel("sider")).toBe("main");
  });

  it("keeps the side panel between 300 px and 80% of the window, 600 by default", () => {
    expect(clampSiderWidth(100, 1500)).toBe(300);
    expect(clampSiderWidth(1400, 1500)).toBe(1200);
    expect(clampSiderWidth(Number.NaN, 1500)).toBe(600);
    expect(clampSiderWidth(450.4, 1500)).toBe(450);
    expect(clampSiderWidth(500, 300)).toBe(300);
  });
});

describe("mergeTabs", () => {
  it("keeps the first state's tabs and order, then adds the second's missing ones", () => {
    const server = setSider(withMain("/a", "/b"), "/ask");
    const local = withMain("/b", "/c");
    const merged = mergeTabs(server, local);
    expect(merged.orderedUrls).toEqual(["/a", "/b", "/c"]);
    expect(merged.currentSiderUrl).toBe("/ask");
    expect(mergeTabs(local, server).orderedUrls).toEqual(["/b", "/c", "/a"]);
  });
});

describe("normaliseTabState", () => {
  it("takes lists or maps, the older `tabs` name, and drops what does not fit", () => {
    const s = normaliseTabState({
      tabs: [{ url: "/a", name: "甲" }, { name: "no url" }],
      orderedUrls: ["/zzz", "/a"],
      siderTabs: { "/ask": { url: "/ask" } },
      currentSiderUrl: "/gone",
    });
    expect(s).toEqual({
      mainTabs: { "/a": { url: "/a", name: "甲" } },
      orderedUrls: ["/a"],
      siderTabs: { "/ask": { url: "/ask" } },
      orderedSiderUrls: ["/ask"],
      currentSiderUrl: null,
      currentSiderName: null,
    });
    expect(normaliseTabState(null)).toEqual(EMPTY_TABS);
    expect(normaliseTabState("x")).toEqual(EMPTY_TABS);
  });
});

describe("opening a URL a tab already shows", () => {
  it("spells a page one way, so a trailing slash or an empty query finds the same tab", () => {
    expect(canonicalUrl("/data/1/")).toBe("/data/1");
    expect(canonicalUrl("/data/1?")).toBe("/data/1");
    expect(canonicalUrl("/")).toBe("/");
    expect(canonicalUrl("/a?b=1")).toBe("/a?b=1");
    const s = withMain("/data/1");
    expect(openUrl(s, "/data/1/", "route").state).toBe(s);
  });

  it("a link in the main panel to an open main tab activates it instead of moving it", () => {
    const s = withMain("/data/1", "/data/2");
    expect(openUrl(s, "/data/1", "main")).toEqual({ state: s, navigateTo: "/data/1" });
    const opened = openUrl(s, "/data/3", "main", "新");
    expect(opened.navigateTo).toBeNull();
    expect(opened.state.currentSiderUrl).toBe("/data/3");
  });

  it("a link in the side panel to one of its tabs makes it current; to a new page opens a main tab", () => {
    const s = setSider(setSider(EMPTY_TABS, "/data/5", "五"), "/data/6", "六");
    const again = openUrl(s, "/data/5", "sider");
    expect(again.navigateTo).toBeNull();
    expect(again.state.currentSiderUrl).toBe("/data/5");
    expect(again.state.orderedUrls).toEqual([]);
    const fresh = openUrl(s, "/data/7", "sider");
    expect(fresh).toMatchObject({ navigateTo: "/data/7", state: { orderedUrls: ["/data/7"] } });
  });

  it("routing to a side-panel tab's URL moves that tab to the main tabs, with its name", () => {
    const s = setSider(EMPTY_TABS, "/data/5", "五");
    const { state } = openUrl(s, "/data/5", "route");
    expect(state.orderedSiderUrls).toEqual([]);
    expect(state.orderedUrls).toEqual(["/data/5"]);
    expect(state.mainTabs["/data/5"]!.name).toBe("五");
  });
});

describe("error pages", () => {
  it("are kept open this session but left out of what is saved", () => {
    const s = markBroken(setSider(withMain("/data/1", "/data/2"), "/data/3"), "/data/2");
    expect(s.orderedUrls).toEqual(["/data/1", "/data/2"]);
    expect(persistable(s).orderedUrls).toEqual(["/data/1"]);
    expect(persistable(s).mainTabs).not.toHaveProperty("/data/2");
    const siderBroken = persistable(markBroken(s, "/data/3"));
    expect(siderBroken).toMatchObject({ orderedSiderUrls: [], currentSiderUrl: null });
    expect(persistable(withMain("/a"))).toEqual(withMain("/a"));
  });
});
