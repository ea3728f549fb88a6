import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { upsertNodes, useNodes } from "../../entities/dnode/store";
import { appendChunk, streamDone, useStreamingStore } from "../../realtime/streaming";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp, sentBody } from "../../test-support/content";
import { userNode } from "../../test-support/user";
import { resetOutline } from "../outliner/store";
import { NodeContent } from "./NodeContent";

// jsdom does no layout; ProseMirror asks ranges for rectangles (see RichTextEditor.test.tsx).
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

afterEach(() => {
  cleanup();
  useStreamingStore.setState({ ids: {} });
  vi.unstubAllGlobals();
});

/** The node as the one node cache holds it, as the node page reads it. */
function FromCache({ id }: { id: number }) {
  const cached = useNodes((s) => s.nodes[id]);
  return <NodeContent node={cached} onChanged={() => {}} />;
}

describe("NodeContent", () => {
  it("shows a friend request as its card (for the target: 接受 / 拒绝), not as a timed process, its raw fields hidden", async () => {
    useAuth.setState({
      loggedIn: true,
      user: { id: 8, username: "bob", content: { user_root_node_id: 1 }, created_at: "" },
    });
    mockFetch(() => ({ body: userNode(7, "alice", {}, {}) }));
    const request = makeNode({
      type: "PROCESS",
      name: "alice 请求添加 bob 为好友",
      content: {
        xtype: "FriendRequestProcess",
        requester_id: 7,
        target_user_id: 8,
        self_status: "delegated",
        greeting_message: "你好",
        text: "你好",
      },
      permissions: { read: true, write: false, admin: false },
    });
    renderInApp(
      <QueryClientProvider client={new QueryClient()}>
        <NodeContent node={request} onChanged={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("alice 请求添加你为好友")).toBeTruthy();
    expect(screen.getByRole("button", { name: "接受" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "流程" })).toBeNull();
    expect(screen.getByRole("button", { name: "显示字段" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByText("target_user_id")).toBeNull();
    useAuth.setState({ user: null, loggedIn: false });
  });

  it("opens the text of a node that has text, and hides it with its toggle", async () => {
    mockFetch(() => ({ body: {} }));
    renderInApp(
      <NodeContent node={makeNode({ content: { text: "<p>北宋与南宋</p>" } })} onChanged={() => {}} />,
    );
    expect(await screen.findByRole("textbox", { name: "「宋史」的正文" })).toBeTruthy();
    expect(screen.getByText("北宋与南宋")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "隐藏正文" }));
    expect(screen.queryByText("北宋与南宋")).toBeNull();
    expect(screen.getByRole("button", { name: "显示正文" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("shows an answer streaming into the text as it comes, read-only and marked, until it is done", async () => {
    mockFetch(() => ({ body: {} }));
    resetOutline();
    const node = makeNode();
    upsertNodes([node]);
    renderInApp(<FromCache id={node.id} />);
    expect(screen.queryByRole("status")).toBeNull();
    act(() => appendChunk(node.id, "<p>宋朝"));
    act(() => appendChunk(node.id, "分为北宋和南宋</p>"));
    expect(screen.getByRole("status").textContent).toContain("正在生成…");
    const text = await screen.findByRole("textbox", { name: "「宋史」的正文" });
    await waitFor(() => expect(text.textContent).toBe("宋朝分为北宋和南宋"));
    expect(text.getAttribute("aria-readonly")).toBe("true");
    act(() => streamDone(node.id));
    expect(screen.queryByRole("status")).toBeNull();
    await waitFor(() => expect(text.getAttribute("aria-readonly")).toBe("false"));
  });

  it("shows the content fields of a node that has some, and offers no field toggle otherwise", () => {
    mockFetch(() => ({ body: {} }));
    renderInApp(<NodeContent node={makeNode({ content: { priority: 3 } })} onChanged={() => {}} />);
    expect(screen.getByRole("region", { name: "字段" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "隐藏字段" })).toBeTruthy();
    cleanup();
    renderInApp(<NodeContent node={makeNode()} onChanged={() => {}} />);
    expect(screen.queryByRole("button", { name: /字段/ })).toBeNull();
    expect(screen.getByRole("button", { name: "显示正文" })).toBeTruthy();
  });

  it("draws a formula node with KaTeX and saves an edited formula as the node's name", async () => {
    const fetch = mockFetch((url) =>
      url.includes("/update") ? { body: makeNode({ type: "EX", name: "x^3" }) } : {},
    );
    const onChanged = vi.fn();
    const { container } = renderInApp(
      <NodeContent node={makeNode({ type: "EX", name: "x^2" })} onChanged={onChanged} />,
    );
    // KaTeX loads with the first formula: the raw LaTeX shows until then.
    await waitFor(() => expect(container.querySelector(".katex")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: /编辑公式/ }));
    const input = await screen.findByRole("textbox", { name: /公式/ });
    fireEvent.change(input, { target: { value: "x^3" } });
    fireEvent.keyDown(input, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([url]) => String(url).includes("/dnode/10/update"));
    expect(sentBody(call?.[1])).toEqual({ name: "x^3" });
  });

  it("offers pull and push on a synchronised copy, and pulls through call_action", async () => {
    const fetch = mockFetch(() => ({
      body: { success: true, message: "已拉取最新内容", dnodes: [], deleted_dnode_ids: [] },
    }));
    renderInApp(<NodeContent node={makeNode({ src_id: 3 })} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "拉取" }));
    expect(await screen.findByText("已拉取最新内容")).toBeTruthy();
    expect(String(fetch.mock.calls[0][0])).toContain("/api/dnode/call_action/10/pull");
    cleanup();
    renderInApp(<NodeContent node={makeNode()} onChanged={() => {}} />);
    expect(screen.queryByRole("button", { name: "拉取" })).toBeNull();
  });
});
