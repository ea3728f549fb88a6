import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { FriendsPage } from "./FriendsPage";

const me = userNode(7, "alice", {
  description: "读书的人",
  stats: { friends_count: 1, groups_count: 0, followers_count: 2, following_count: 0 },
});
const bob = userNode(
  8,
  "bob",
  { stats: { friends_count: 1, groups_count: 0, followers_count: 0, following_count: 0 } },
  { is_friend: true },
);
const carolRequest = {
  id: 60,
  name: "carol 请求添加 alice 为好友",
  type: "PROCESS",
  content: {
    xtype: "FriendRequestProcess",
    requester_id: 9,
    target_user_id: 7,
    self_status: "delegated",
    greeting_message: "一起读书吧",
  },
  parent_id: null,
  main_relation: null,
  owner_id: 9,
  relations: {},
};
/** A timed process of alice's own and a request alice sent: neither is waiting for her. */
const others = [
  {
    ...carolRequest,
    id: 61,
    content: { xtype: "FriendRequestProcess", requester_id: 7, target_user_id: 10, self_status: "delegated" },
  },
  { ...carolRequest, id: 62, name: "读书", content: { self_status: "running" } },
];

type Answer = { status?: number; body?: unknown };
function server(over: (url: string) => Answer | undefined = () => undefined) {
  return mockFetch((url) => {
    const special = over(url);
    if (special) return special;
    if (url.startsWith("/api/user/virtual-node/current/")) return { body: me };
    if (url.startsWith("/api/user/virtual-node/relations/"))
      return url.includes("relation_type=FRIEND")
        ? { body: { relation_type: "FRIEND", results: [bob], total: 1, page: 1, page_size: 20 } }
        : { body: { relation_type: "X", results: [], total: 0, page: 1, page_size: 20 } };
    if (url.startsWith("/api/process/my_processes/")) return { body: { results: [carolRequest, ...others] } };
    if (url.startsWith("/api/user/virtual-node/?user_id=9")) return { body: userNode(9, "carol", {}, {}) };
    return { status: 404, body: { success: false, error: "?", code: "X" } };
  });
}

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuth.setState({ user: null, loggedIn: false });
});

const asked = (fetch: ReturnType<typeof mockFetch>, part: string) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.includes(part));

describe("FriendsPage (/friends)", () => {
  it("shows one's own profile node, and the buttons 添加好友 and 创建群组 — no 发消息 yet", async () => {
    server();
    renderPeople(<FriendsPage />);
    const profile = await screen.findByRole("region", { name: "我的资料" });
    expect(await within(profile).findByRole("heading", { name: "alice" })).toBeTruthy();
    expect(within(profile).getByText("读书的人")).toBeTruthy();
    expect(within(profile).getByText("粉丝")).toBeTruthy();
    expect(screen.getByRole("button", { name: "添加好友" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "创建群组" })).toBeTruthy();
    expect(screen.queryByText("发消息")).toBeNull();
  });

  it("loads a relation list only when its entry is clicked (点击加载好友列表), as user cards", async () => {
    const fetch = server();
    renderPeople(<FriendsPage />);
    const entry = await screen.findByRole("button", { name: /^好友\s*1/ });
    expect(screen.getByText("点击加载好友列表")).toBeTruthy();
    expect(screen.getByText("点击加载粉丝列表")).toBeTruthy();
    expect(asked(fetch, "/relations/")).toEqual([]);
    fireEvent.click(entry);
    const list = await screen.findByRole("list", { name: "好友" });
    expect(within(list).getByRole("link", { name: "bob" }).getAttribute("href")).toBe("/user/8");
    expect(asked(fetch, "/relations/")).toEqual([
      "/api/user/virtual-node/relations/?user_id=7&relation_type=FRIEND&page=1&page_size=20",
    ]);
    expect(screen.queryByText("点击加载好友列表")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /^关注/ }));
    expect(await screen.findByText("暂无关注")).toBeTruthy();
  });

  it("says 加载关系数据失败 when a list cannot be loaded", async () => {
    server((url) =>
      url.includes("/relations/")
        ? { status: 500, body: { success: false, error: "数据库出错", code: "X" } }
        : undefined,
    );
    renderPeople(<FriendsPage />);
    fireEvent.click(await screen.findByRole("button", { name: /^群组/ }));
    expect(await screen.findByText("加载关系数据失败")).toBeTruthy();
  });

  it("says 加载用户信息失败 when one's own node cannot be loaded", async () => {
    server((url) =>
      url.includes("/current/")
        ? { status: 500, body: { success: false, error: "数据库出错", code: "X" } }
        : undefined,
    );
    renderPeople(<FriendsPage />);
    expect(await screen.findByText("加载用户信息失败")).toBeTruthy();
  });

  it("says 用户未登录 without a signed-in user, or when the server says the login lapsed", async () => {
    useAuth.setState({ loggedIn: true, user: null });
    server();
    renderPeople(<FriendsPage />);
    expect(screen.getByText("用户未登录")).toBeTruthy();
    cleanup();
    useAuth.setState({
      loggedIn: true,
      user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
    });
    server((url) =>
      url.includes("/current/")
        ? { status: 401, body: { success: false, error: "请先登录", code: "UNAUTHORIZED" } }
        : undefined,
    );
    renderPeople(<FriendsPage />);
    expect(await screen.findByText("用户未登录")).toBeTruthy();
  });

  it("lists the friend requests waiting for one (and only those), to accept there", async () => {
    server();
    renderPeople(<FriendsPage />);
    const section = await screen.findByRole("region", { name: "待处理的好友请求" });
    expect(await within(section).findByText("carol 请求添加你为好友")).toBeTruthy();
    expect(within(section).getByText("一起读书吧")).toBeTruthy();
    expect(within(section).getAllByRole("button", { name: "接受" })).toHaveLength(1);
  });

  it("lists under 我发出的好友请求 the requests one sent that are still open, 等待对方处理, and not the decided ones", async () => {
    const decided = {
      ...carolRequest,
      id: 63,
      content: {
        xtype: "FriendRequestProcess",
        requester_id: 7,
        target_user_id: 11,
        self_status: "completed",
        result: "accepted",
      },
    };
    server((url) => {
      if (url.startsWith("/api/process/my_processes/"))
        return { body: { results: [carolRequest, ...others, decided] } };
      if (url.startsWith("/api/user/virtual-node/?user_id=10")) return { body: userNode(10, "dave", {}, {}) };
      if (url.startsWith("/api/user/virtual-node/?user_id=11")) return { body: userNode(11, "erin", {}, {}) };
      return undefined;
    });
    renderPeople(<FriendsPage />);
    const section = await screen.findByRole("region", { name: "我发出的好友请求" });
    expect(await within(section).findByText("你请求添加 dave 为好友")).toBeTruthy();
    expect(within(section).getByText("等待对方处理")).toBeTruthy();
    expect(within(section).queryByText(/erin|carol/)).toBeNull();
    expect(within(section).queryByRole("button", { name: "接受" })).toBeNull();
  });

  it("says so when one has no open request sent", async () => {
    server((url) =>
      url.startsWith("/api/process/my_processes/") ? { body: { results: [carolRequest] } } : undefined,
    );
    renderPeople(<FriendsPage />);
    const section = await screen.findByRole("region", { name: "我发出的好友请求" });
    expect(await within(section).findByText("没有等待对方处理的好友请求")).toBeTruthy();
  });

  it("keeps a request answered here on the page, showing 已接受, though the server no longer lists it as open", async () => {
    let accepted = false;
    const decided = {
      ...carolRequest,
      version: 2,
      content: { ...carolRequest.content, self_status: "completed", result: "accepted" },
    };
    const fetch = server((url) => {
      if (url.includes("call_action")) {
        accepted = true;
        return {
          body: { success: true, message: "好友请求已接受", dnodes: [decided], deleted_dnode_ids: [] },
        };
      }
      if (url.startsWith("/api/process/my_processes/") && accepted)
        return { body: { results: [decided, ...others] } };
      return undefined;
    });
    renderPeople(<FriendsPage />);
    const section = await screen.findByRole("region", { name: "待处理的好友请求" });
    fireEvent.click(await within(section).findByRole("button", { name: "接受" }));
    expect(await within(section).findByText("已接受")).toBeTruthy();
    // The lists and counts were asked for again after the decision …
    await waitFor(() => expect(asked(fetch, "/my_processes/").length).toBe(2));
    expect(asked(fetch, "/virtual-node/current/").length).toBe(2);
    // … and the decided request stays in view.
    expect(within(section).getByText("carol 请求添加你为好友")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "接受" })).toBeNull();
  });

  it("opens the add-friend, create-group and user-search modals", async () => {
    server();
    renderPeople(<FriendsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "添加好友" }));
    expect(await screen.findByRole("dialog", { name: "添加好友" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    fireEvent.click(screen.getByRole("button", { name: "创建群组" }));
    expect(await screen.findByRole("dialog", { name: "创建群组" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    fireEvent.click(screen.getByRole("button", { name: "搜索用户" }));
    expect(await screen.findByRole("dialog", { name: "搜索用户" })).toBeTruthy();
  });
});
