import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp } from "../../test-support/content";
import { PendingUpdates } from "./PendingUpdates";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const update = (type: string, name: string, text = "") => ({
  id: `${type}-${name}`,
  type,
  from_id: 30,
  pushed_by: 8,
  pushed_at: "2026-11-22T00:30:00.000Z",
  name,
  node_type: "NOTE",
  content: { text },
});

const pending = makeNode({
  content: {
    text: "<p>旧</p>",
    to_updates: [
      update("update", "宋史（修订）", "<p>新的正文</p>"),
      update("update_children_and_self", "宋史全本", "<p>连同子节点</p>"),
      update("create", "新增章节", "<p>不应预览</p>"),
      update("delete", "删掉它", "<p>也不预览</p>"),
    ],
  },
});

describe("PendingUpdates", () => {
  it("labels each update and previews content only for updates of the node itself", () => {
    renderInApp(<PendingUpdates node={pending} onChanged={() => {}} />);
    for (const label of ["更新内容", "更新自身及子节点", "新增", "删除"])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText("新的正文")).toBeTruthy();
    expect(screen.getByText("连同子节点")).toBeTruthy();
    expect(screen.queryByText("不应预览")).toBeNull();
    expect(screen.queryByText("也不预览")).toBeNull();
    expect(screen.getAllByText("推送于 2026-11-22 08:30:00")).toHaveLength(4);
  });

  it("accepts through accept_updates and reports the node the server returns", async () => {
    const fresh = makeNode({ name: "宋史（修订）", content: { text: "<p>新的正文</p>" } });
    const fetch = mockFetch(() => ({
      body: { success: true, message: "已接受更新", deleted_dnode_ids: [], dnodes: [fresh] },
    }));
    const onChanged = vi.fn();
    renderInApp(<PendingUpdates node={pending} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "接受" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(fresh));
    expect(fetch.mock.calls[0]![0]).toBe("/api/dnode/call_action/10/accept_updates");
    expect(fetch.mock.calls[0]![1]!.method).toBe("POST");
    expect(await screen.findByText("已接受更新")).toBeTruthy();
  });

  it("rejects through reject_updates; a node deleted by accepting is reported as gone", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("reject_updates")
        ? { body: { success: true, message: "已拒绝更新", deleted_dnode_ids: [], dnodes: [makeNode()] } }
        : { body: { success: true, message: "已接受更新", deleted_dnode_ids: [10], dnodes: [] } },
    );
    const onChanged = vi.fn();
    renderInApp(<PendingUpdates node={pending} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "拒绝" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(makeNode()));
    expect(fetch.mock.calls[0]![0]).toBe("/api/dnode/call_action/10/reject_updates");
    fireEvent.click(screen.getByRole("button", { name: "接受" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(onChanged.mock.calls[1]![0]).toBeUndefined();
  });

  it("says what failed and what to do when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({
      status: 400,
      body: { success: false, error: "没有待处理的更新", code: "BAD_REQUEST" },
    }));
    const onChanged = vi.fn();
    renderInApp(<PendingUpdates node={pending} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "接受" }));
    expect(await screen.findByText("接受更新失败：没有待处理的更新。请刷新页面后重试")).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("offers no buttons to a reader and is hidden without pending updates", () => {
    renderInApp(
      <PendingUpdates
        node={{ ...pending, permissions: { read: true, write: false, admin: false } }}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByText("更新内容")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "接受" })).toBeNull();
    cleanup();
    const { container } = renderInApp(
      <PendingUpdates node={makeNode({ content: { to_updates: [] } })} onChanged={() => {}} />,
    );
    expect(container.querySelector(".pending-updates")).toBeNull();
  });
});
