import { DEFAULT_RELATION_PAGE_SIZE } from "@zhishu/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeTokens } from "../api/tokens";
import { outlineApi } from "../entities/dnode/api";
import { forwardGroups } from "../features/outliner/groups";
import { fakeToken, mockFetch } from "../test-support/api";
import { EARLY_PAGE_SIZE, nodePageOf, startEarlyLoad } from "./start";

const node = {
  id: 5,
  name: "一万个孩子",
  type: "NOTE",
  content: {},
  relations: {
    CHILD_NODE: { size: 2, head: [], dict: {} },
    NOTE: { size: 1, head: [], dict: {} },
    x__CHILD_NODE: { size: 1, head: [], dict: {} },
  },
};
const screen = {
  dnode: node,
  relation_names: ["CHILD_NODE", "NOTE"],
  relations: [{ id: 1, xnode: 5, ynode: 6, relation_name: "CHILD_NODE", yorder: 1 }],
  related_nodes: [{ id: 6, name: "孩子", type: "NOTE", content: {} }],
  pagination_info: { CHILD_NODE: { page: 1, page_size: 40, total: 2, has_more: false } },
};

beforeEach(() => {
  localStorage.clear();
  delete (globalThis as { __zhishuEarly?: unknown }).__zhishuEarly;
  writeTokens({ access: fakeToken(600), refresh: fakeToken(3600) });
});
afterEach(() => vi.unstubAllGlobals());

describe("the node page's early first screen", () => {
  it("asks once for the node with its lists; the page's own GETs of both take that answer", async () => {
    const fetch = mockFetch((url) => (url.includes("/first_screen/") ? { body: screen } : { body: node }));
    expect(startEarlyLoad("/data/5")).toBe(true);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      `/api/dnode/5/first_screen/?page_size=${EARLY_PAGE_SIZE}`,
    ]);
    expect(await outlineApi.node(5)).toEqual(node);
    const page = await outlineApi.relations(5, forwardGroups(node));
    expect(page).toEqual({
      relations: screen.relations,
      related_nodes: screen.related_nodes,
      pagination_info: screen.pagination_info,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Once taken, the same GET asks the server again (a refetch must not see the old answer).
    await outlineApi.node(5);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("asks for the one relation of /data/{id}/{relation}", async () => {
    const fetch = mockFetch(() => ({ body: { ...screen, relation_names: ["NOTE"] } }));
    startEarlyLoad("/data/5/NOTE");
    expect(String(fetch.mock.calls[0][0])).toBe(
      `/api/dnode/5/first_screen/?page_size=${EARLY_PAGE_SIZE}&relation_names=NOTE`,
    );
    await outlineApi.node(5);
    await outlineApi.relations(5, ["NOTE"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("leaves the lists to the page when the answer lacks one of its groups", async () => {
    const fetch = mockFetch((url) =>
      url.includes("/first_screen/")
        ? { body: { ...screen, relation_names: ["CHILD_NODE"] } }
        : { body: screen },
    );
    startEarlyLoad("/data/5");
    await outlineApi.node(5);
    await outlineApi.relations(5, forwardGroups(node));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[1][0])).toContain("/relations_with_data/");
  });

  it("lets the app ask itself when the early call fails (an expired session, a 403)", async () => {
    const fetch = mockFetch((url) =>
      url.includes("/first_screen/")
        ? { status: 401, body: { error: "未登录", code: "UNAUTHORIZED" } }
        : { body: node },
    );
    startEarlyLoad("/data/5");
    expect(await outlineApi.node(5)).toEqual(node);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      `/api/dnode/5/first_screen/?page_size=${EARLY_PAGE_SIZE}`,
      "/api/dnode/5",
    ]);
  });

  it("asks nothing signed out or off a node page", () => {
    const fetch = mockFetch(() => ({ body: {} }));
    expect(startEarlyLoad("/")).toBe(false);
    expect(startEarlyLoad("/data/abc")).toBe(false);
    localStorage.clear();
    expect(startEarlyLoad("/data/5")).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads node page paths as the router does, and pages the way the outliner does", () => {
    expect(nodePageOf("/data/12")).toEqual({ id: 12, relation: null });
    expect(nodePageOf("/data/12/")).toEqual({ id: 12, relation: null });
    expect(nodePageOf("/data/12/CHILD_NODE")).toEqual({ id: 12, relation: "CHILD_NODE" });
    expect(nodePageOf("/data/0")).toBeNull();
    expect(nodePageOf("/data/1/2/3")).toBeNull();
    expect(EARLY_PAGE_SIZE).toBe(DEFAULT_RELATION_PAGE_SIZE);
  });
});
