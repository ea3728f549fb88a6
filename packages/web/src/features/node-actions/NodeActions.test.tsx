import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../api/test-helpers";
import { useAuth } from "../../stores/auth";
import { makeNode, renderInApp, sentBody } from "../content/test-helpers";
import type { Dnode } from "../outliner/types";
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

const renderActions = (n: Dnode) => renderInApp(<NodeActions node={n} />);

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
  });

  it("offers neither favour nor add-to-home on the user's own root, and share only to those who may grant", () => {
    renderActions(node({ id: ROOT, type: "USER" }));
    expect(screen.queryByRole("button", { name: "更多操作" })).toBeNull();
    expect(screen.getByRole("button", { name: "分享" })).toBeTruthy();
    cleanup();
    renderActions(node({ permissions: { read: true, write: true, admin: false } }));
    expect(screen.queryByRole("button", { name: "分享" })).toBeNull();
  });
});

describe("SharePopover", () => {
  it("shows the person's current share and sends only the flag that changed; the owner may publish", async () => {
    const fetch = mockFetch((url, init) => {
      if (url.includes("/user/search/"))
        return {
          body: [
            { id: 8, name: "bob", username: "bob", content: { user_id: 8, user_type: "PERSON", stats: {} } },
          ],
        };
      if (url.includes("/dnode-permission/") && (init.method ?? "GET") === "GET")
        return { body: { id: null, dnode: 10, user: 8, can_read: false, can_write: false } };
      if (url.endsWith("/dnode-permission/"))
        return { body: { id: 1, dnode: 10, user: 8, can_read: true, can_write: true } };
      return { body: { success: true, anchor_id: 9, is_public: true } };
    });
    renderActions(node());
    fireEvent.click(screen.getByRole("button", { name: "分享" }));
    fireEvent.change(await screen.findByRole("combobox", { name: "搜索用户" }), { target: { value: "bo" } });
    fireEvent.click(await screen.findByTitle("bob", {}, { timeout: 2000 }));
    const write = await screen.findByRole("switch", { name: "允许 bob 编辑" });
    fireEvent.click(write);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "允许 bob 访问" }).getAttribute("aria-checked")).toBe("true"),
    );
    const post = fetch.mock.calls.find(
      ([u, i]) => String(u).endsWith("/dnode-permission/") && (i as RequestInit).method === "POST",
    )!;
    expect(sentBody(post[1])).toEqual({ dnode: 10, user: 8, can_write: true });
    fireEvent.click(screen.getByRole("switch", { name: "公开" }));
    expect(await screen.findByText("已公开")).toBeTruthy();
  });
});
