import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { userNode } from "../../test-support/user";
import { UserProfilePage } from "./UserProfilePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuth.setState({ user: null, loggedIn: false });
});

const bob = userNode(
  8,
  "bob",
  {
    description: "喜欢历史",
    stats: { friends_count: 2, groups_count: 0, followers_count: 0, following_count: 0 },
  },
  {},
);
const tree = (id: number, name: string) => ({
  id,
  name,
  type: "DIR",
  content: {},
  parent_id: 4,
  main_relation: "USER_ROOT",
  owner_id: 8,
  relations: {},
});

function renderAt(path: string) {
  return render(
    <Providers>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/user/:userId" element={<UserProfilePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

describe("UserProfilePage", () => {
  it("shows another user's card (type, counts, actions) and published trees, without the shared and received lists", async () => {
    useAuth.setState({
      loggedIn: true,
      user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
    });
    const fetch = mockFetch((url) =>
      url.includes("public-anchors")
        ? { body: { results: [tree(20, "宋史笔记")], total: 1 } }
        : { body: bob },
    );
    renderAt("/user/8");
    expect(await screen.findByRole("heading", { name: "bob" })).toBeTruthy();
    expect(screen.getByText("正在查看 bob 的个人主页")).toBeTruthy();
    expect(screen.getByText("个人用户")).toBeTruthy();
    expect(screen.getByText("喜欢历史")).toBeTruthy();
    expect(screen.getByText("好友")).toBeTruthy();
    expect(screen.getByRole("button", { name: "bob 的操作" })).toBeTruthy();
    expect(await screen.findByText("宋史笔记")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "分享给我的知识树" })).toBeNull();
    const calls = fetch.mock.calls.map(([u]) => String(u));
    expect(calls).toContain("/api/user/virtual-node/?user_id=8");
    expect(calls.find((u) => u.includes("public-anchors"))).toContain(
      "user_id=8&type=public&limit=20&offset=0",
    );
  });

  it("on one's own profile also offers the shared and received trees", async () => {
    useAuth.setState({
      loggedIn: true,
      user: { id: 8, username: "bob", content: { user_root_node_id: 4 }, created_at: "" },
    });
    mockFetch((url) =>
      url.includes("public-anchors")
        ? { body: { results: [], total: 0 } }
        : { body: { ...bob, relationship: undefined } },
    );
    renderAt("/user/8");
    expect(await screen.findByRole("tab", { name: "我分享的知识树" })).toBeTruthy();
    expect(screen.queryByText("正在查看 bob 的个人主页")).toBeNull();
    expect(screen.getByRole("tab", { name: "分享给我的知识树" })).toBeTruthy();
    expect(await screen.findByText("暂无知识树")).toBeTruthy();
  });

  it("says 打开用户资料失败 with the server's reason when the user cannot be found", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 404, body: { success: false, error: "用户不存在", code: "USER_NOT_FOUND" } }));
    renderAt("/user/999");
    expect(await screen.findByText("打开用户资料失败")).toBeTruthy();
    expect(screen.getByText("用户不存在")).toBeTruthy();
  });
});
