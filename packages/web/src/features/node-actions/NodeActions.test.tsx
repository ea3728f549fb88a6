import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Dnode } from "../../entities/dnode/types";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp, sentBody } from "../../test-support/content";
import { NodeActions } from "./NodeActions";

const ROOT = 3;
/** A node the signed-in user owns, with admin rights unless the test says otherwise. */
const node = (over: Partial<Dnode> = {}): Dnode =>
  makeNode({ permissions: { read: true, write: true, admin: true }, ...over });

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: ROOT }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The node page's query of the node (what 刷新 asks again), beside the actions. */
function WithNodeQuery({ n }: { n: Dnode }) {
  useQuery({
    queryKey: ["dnode", n.id],
    queryFn: async () => {
      const response = await fetch(`/api/dnode/${n.id}`);
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    },
  });
  return <NodeActions node={n} />;
}
const renderActions = (n: Dnode, withQuery = false) =>
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {withQuery ? <WithNodeQuery n={n} /> : <NodeActions node={n} />}
    </QueryClientProvider>,
  );

async function chooseMenu(label: string) {
  fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
  fireEvent.click(await screen.findByText(label));
}

describe("NodeActions", () => {
  it("favours a node with a FAVOR link from the user's root, and refuses a second time with the spec's text", async () => {
    let favoured = false;
    const fetch = mockFetch(() => {
      if (favoured)
        return { status: 409, body: { success: false, error: "该关系已经存在", code: "RELATION_EXISTS" } };
      favoured = true;
      return { body: { relation: {} } };
    });
    renderActions(node());
    await chooseMenu("收藏");
    expect(await screen.findByText("已收藏")).toBeTruthy();
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({ x_node_id: ROOT, y_node_id: 10, y_name: "FAVOR" });
    await chooseMenu("收藏");
    expect(await screen.findByText("该知识点已经收藏过了")).toBeTruthy();
  });

  it("says 收藏失败 when the server refuses for another reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 403, body: { success: false, error: "x", code: "FORBIDDEN" } }));
    renderActions(node());
    await chooseMenu("收藏");
    expect(await screen.findByText("收藏失败")).toBeTruthy();
  });

  it("adds a node to home as a USER_ROOT reference; a node already at home offers no such action", async () => {
    const fetch = mockFetch(() => ({ status: 201, body: [] }));
    renderActions(node());
    await chooseMenu("添加到首页");
    expect(await screen.findByText("知识点已添加到首页")).toBeTruthy();
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      refered_nodes_ids: [10],
      target_node_id: ROOT,
      relation_name: "USER_ROOT",
    });
    cleanup();
    renderActions(node({ parent_id: ROOT, main_relation: "USER_ROOT" }));
    fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
    await screen.findByText("收藏");
    expect(screen.queryByText("添加到首页")).toBeNull();
    cleanup();
    // A tree planted at home: its main place is CHILD_NODE under the root, its card a USER_ROOT link.
    renderActions(
      node({
        parent_id: ROOT,
        main_relation: "CHILD_NODE",
        relations: { x__USER_ROOT: { size: 1, head: [ROOT], dict: { [ROOT]: 77 } } },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
    await screen.findByText("收藏");
    expect(screen.queryByText("添加到首页")).toBeNull();
  });

  it("offers neither favour, add-to-home nor 删除 on the user's own root, and share only to those who may grant", async () => {
    renderActions(node({ id: ROOT, type: "USER" }));
    expect(screen.getByRole("button", { name: "分享" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
    await screen.findByText("复制链接");
    expect(screen.getByText("刷新")).toBeTruthy();
    for (const absent of ["收藏", "添加到首页", "删除"]) expect(screen.queryByText(absent)).toBeNull();
    cleanup();
    renderActions(node({ permissions: { read: true, write: true, admin: false } }));
    expect(screen.queryByRole("button", { name: "分享" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
    await screen.findByText("复制链接");
    expect(screen.queryByRole("menuitem", { name: "分享" })).toBeNull();
  });

  it("分享 in the menu opens the share popover", async () => {
    renderActions(node());
    fireEvent.click(screen.getByRole("button", { name: "更多操作" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "分享" }));
    expect(await screen.findByText("分享给其他人")).toBeTruthy();
  });

  it("复制链接 copies the node's address and says so; a refused clipboard says to try again", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderActions(node());
    await chooseMenu("复制链接");
    expect(await screen.findByText("链接已复制到剪贴板")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/data/10`);
    vi.spyOn(console, "error").mockImplementation(() => {});
    writeText.mockRejectedValueOnce(new Error("denied"));
    await chooseMenu("复制链接");
    expect(await screen.findByText("复制链接失败，请重试")).toBeTruthy();
  });

  it("刷新 asks the server for the node again and says how it went", async () => {
    let fail = false;
    const fetch = mockFetch(() => (fail ? { status: 500, body: { success: false } } : { body: node() }));
    renderActions(node(), true);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await chooseMenu("刷新");
    expect(await screen.findByText("刷新成功")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    fail = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    await chooseMenu("刷新");
    expect(await screen.findByText("刷新失败，请稍后重试")).toBeTruthy();
  });
});

/** The server of the share popover: bob lacks access at first; the share follows what is posted. */
function shareServer() {
  let share = { id: null as number | null, dnode: 10, user: 8, can_read: false, can_write: false };
  return mockFetch((url, init) => {
    if (url.includes("/user/search/"))
      return {
        body: [
          { id: 8, name: "bob", username: "bob", content: { user_id: 8, user_type: "PERSON", stats: {} } },
        ],
      };
    if (url.includes("check-permission"))
      return { body: { has_permission: share.can_read, can_grant: true } };
    if (url.includes("/dnode-permission/") && (init.method ?? "GET") === "GET") return { body: share };
    if (url.endsWith("/dnode-permission/")) {
      const sent = JSON.parse(String(init.body));
      const can_write = sent.can_write ?? share.can_write;
      share = { ...share, id: 1, can_write, can_read: can_write || (sent.can_read ?? share.can_read) };
      return { body: share };
    }
    return { body: { success: true, anchor_id: 9, is_public: true } };
  });
}

async function pickBob() {
  fireEvent.click(screen.getByRole("button", { name: "分享" }));
  fireEvent.change(await screen.findByRole("combobox", { name: "搜索用户" }), { target: { value: "bo" } });
  fireEvent.click(await screen.findByTitle("bob", {}, { timeout: 2000 }));
}

describe("SharePopover", () => {
  it("shows the person's current share and sends only the flag that changed; the owner may publish", async () => {
    const fetch = shareServer();
    renderActions(node());
    await pickBob();
    // bob has no access yet: 授权访问 is offered first; 取消 leaves the choice to the switches.
    expect(await screen.findByText("用户 bob 没有访问该知识点的权限")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    const write = await screen.findByRole("switch", { name: "允许 bob 编辑" });
    fireEvent.click(write);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "允许 bob 访问" }).getAttribute("aria-checked")).toBe("true"),
    );
    const post = fetch.mock.calls.find(
      ([u, i]) => String(u).endsWith("/dnode-permission/") && (i as RequestInit).method === "POST",
    )!;
    expect(sentBody(post[1])).toEqual({ dnode: 10, user: 8, can_write: true });
    expect(screen.getByText("bob 会在首页的「分享给我的」里找到它。")).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: "公开" }));
    expect(await screen.findByText("已公开")).toBeTruthy();
  });

  it("grants the level chosen in 授权访问, and the switches show it", async () => {
    const fetch = shareServer();
    renderActions(node());
    await pickBob();
    fireEvent.click(await screen.findByRole("radio", { name: "可写权限" }));
    fireEvent.click(screen.getByRole("button", { name: "授权" }));
    expect(await screen.findByText("授权成功")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "允许 bob 编辑" }).getAttribute("aria-checked")).toBe("true"),
    );
    const post = fetch.mock.calls.find(
      ([u, i]) => String(u).endsWith("/dnode-permission/") && (i as RequestInit).method === "POST",
    )!;
    expect(sentBody(post[1])).toEqual({ dnode: 10, user: 8, can_write: true });
  });

  it("asks nothing of a person who already has access", async () => {
    mockFetch((url, init) => {
      if (url.includes("/user/search/"))
        return {
          body: [
            { id: 8, name: "bob", username: "bob", content: { user_id: 8, user_type: "PERSON", stats: {} } },
          ],
        };
      if (url.includes("check-permission")) return { body: { has_permission: true, can_grant: true } };
      if ((init.method ?? "GET") === "GET")
        return { body: { id: 1, dnode: 10, user: 8, can_read: true, can_write: false } };
      return { body: {} };
    });
    renderActions(node());
    await pickBob();
    await screen.findByRole("switch", { name: "允许 bob 访问" });
    expect(screen.queryByText("授权访问")).toBeNull();
  });

  it("says so and offers 重试 when the person's share cannot be read, instead of spinning for ever", async () => {
    let failing = true;
    mockFetch((url, init) => {
      if (url.includes("/user/search/"))
        return {
          body: [
            { id: 8, name: "bob", username: "bob", content: { user_id: 8, user_type: "PERSON", stats: {} } },
          ],
        };
      if (url.includes("check-permission")) return { body: { has_permission: true, can_grant: true } };
      if ((init.method ?? "GET") === "GET")
        return failing
          ? { status: 500, body: { success: false, error: "服务器出错", code: "INTERNAL" } }
          : { body: { id: 1, dnode: 10, user: 8, can_read: true, can_write: false } };
      return { body: {} };
    });
    renderActions(node());
    await pickBob();
    const retry = await screen.findByRole("button", { name: "重试" });
    expect(screen.getByText("读取该用户的权限失败")).toBeTruthy();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("switch", { name: "允许 bob 访问" })).toBeTruthy();
    expect(screen.queryByText("读取该用户的权限失败")).toBeNull();
  });
});
