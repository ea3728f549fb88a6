import { describe, expect, it } from "vitest";
import {
  clampSiderWidth,
  closeMain,
  closeSider,
  EMPTY_TABS,
  mergeTabs,
  normaliseTabState,
  openMain,
  opensInSider,
  oppositePanel,
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

  it("names a tab and falls back to the URL for its title", () => {
    const s = openMain(withMain("/data/1"), "/data/1", "历史");
    expect(tabTitle(s.mainTabs["/data/1"], "/data/1")).toBe("历史");
    expect(tabTitle(withMain("/empty").mainTabs["/empty"], "/empty")).toBe("/empty");
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
