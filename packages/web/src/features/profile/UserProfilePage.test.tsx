import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../api/test-helpers";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { UserCard } from "./UserCard";
import { UserProfilePage } from "./UserProfilePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuth.setState({ user: null, loggedIn: false });
});

const bob = {
  id: 8,
  username: "bob",
  content: { user_root_node_id: 4, description: "喜欢历史" },
  created_at: "",
};
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
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user/:userId" element={<UserProfilePage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe("UserProfilePage", () => {
  it("shows another user's card and published trees, without the shared and received lists", async () => {
    useAuth.setState({ loggedIn: true, user: { ...bob, id: 7, username: "alice" } });
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
    expect(await screen.findByText("宋史笔记")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "分享给我的知识树" })).toBeNull();
    const listCall = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes("public-anchors"));
    expect(listCall).toContain("user_id=8&type=public&limit=20&offset=0");
  });

  it("on one's own profile also offers the shared and received trees", async () => {
    useAuth.setState({ loggedIn: true, user: bob });
    mockFetch((url) =>
      url.includes("public-anchors") ? { body: { results: [], total: 0 } } : { body: bob },
    );
    renderAt("/user/8");
    expect(await screen.findByRole("tab", { name: "我分享的知识树" })).toBeTruthy();
    expect(screen.queryByText("正在查看 bob 的个人主页")).toBeNull();
    expect(screen.getByRole("tab", { name: "分享给我的知识树" })).toBeTruthy();
    expect(await screen.findByText("暂无知识树")).toBeTruthy();
  });

  it("says when the user cannot be found", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 404, body: { success: false, error: "用户不存在", code: "USER_NOT_FOUND" } }));
    renderAt("/user/999");
    expect(await screen.findByText("用户不存在")).toBeTruthy();
  });
});

describe("UserCard", () => {
  it("shows the initial on a card colour, the type label, and only the non-zero stats", () => {
    render(
      <Providers>
        <UserCard
          user={{ id: 1, name: "群", userType: "GROUP", stats: { friends_count: 0, followers_count: 3 } }}
        />
      </Providers>,
    );
    expect(screen.getByText("群组")).toBeTruthy();
    expect(screen.getByText("粉丝")).toBeTruthy();
    expect(screen.queryByText("好友")).toBeNull();
  });
});
