import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp } from "../../test-support/content";
import { ProcessView } from "./ProcessView";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withQueries = (ui: ReactNode) =>
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const started = {
  self_status: "paused",
  start_time: "2026-11-28T08:00:00Z",
  end_time: "2026-11-28T12:00:00Z",
  self_time: 1,
  total_time: 1,
  planned_time: 2,
  logs: ["查资料", "写提纲"],
  result: "初稿完成",
};

const made = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    name: `行为${i}`,
    type: i === 0 ? "PROCESS" : "NOTE",
    created_at: new Date(Date.parse("2026-11-28T11:00:00Z") - i * 60_000).toISOString(),
  }));

describe("the process view", () => {
  it("shows status, time against the plan, logs, result, and the timeline of what was made", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const fetch = mockFetch(() => new Promise((resolve) => (answer = resolve)));
    withQueries(<ProcessView node={makeNode({ type: "PROCESS", content: started })} onNodes={() => {}} />);
    const view = screen.getByRole("region", { name: "流程" });
    expect(within(view).getByText("已暂停")).toBeTruthy();
    expect(within(view).getByRole("timer").textContent).toBe("01:00:00");
    expect(within(view).getByText("计划 02:00:00")).toBeTruthy();
    expect(within(view).getByText("2小时")).toBeTruthy();
    // 1 hour spent over the 4 hours from first start to end.
    expect(within(view).getByText("25%")).toBeTruthy();
    expect(within(view).getByText("写提纲")).toBeTruthy();
    expect(within(view).getByText("初稿完成")).toBeTruthy();
    expect(within(view).getByRole("button", { name: "继续「宋史」" })).toBeTruthy();

    expect(within(view).getByText("加载中...")).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse(String((fetch.mock.calls[0][1] as RequestInit).body));
    expect(body).toEqual({
      start_time: "2026-11-28T08:00:00Z",
      end_time: "2026-11-28T12:00:00Z",
      exclude_descendants: true,
    });
    answer({ body: { success: true, result: made(2) } });
    expect(await within(view).findByRole("link", { name: "行为0" })).toBeTruthy();
    expect(within(view).getByText("行/流程/目标/bug")).toBeTruthy();
    expect(within(view).getByRole("img", { name: "行为时间线" }).children).toHaveLength(3);
    expect(within(view).queryByText("仅显示最新的20条记录")).toBeNull();
  });

  it("says when nothing was made, and when only the newest 20 are shown", async () => {
    mockFetch(() => ({ body: { success: true, result: [] } }));
    withQueries(<ProcessView node={makeNode({ type: "PROCESS", content: started })} onNodes={() => {}} />);
    expect(await screen.findByText("此期间未创建新行为")).toBeTruthy();
    cleanup();

    mockFetch(() => ({ body: { success: true, result: made(20) } }));
    withQueries(<ProcessView node={makeNode({ type: "PROCESS", content: started })} onNodes={() => {}} />);
    expect(await screen.findByText("仅显示最新的20条记录")).toBeTruthy();
  });

  it("passes every node the action changed on, and offers pause while running", async () => {
    const running = {
      self_status: "running",
      start_time: new Date().toISOString(),
      ran_at: new Date().toISOString(),
    };
    const paused = makeNode({ type: "PROCESS", content: { ...running, self_status: "paused" } });
    const sibling = makeNode({ id: 11, type: "PROCESS", content: { self_status: "paused" } });
    const fetch = mockFetch((url) =>
      url.includes("/pause")
        ? {
            body: {
              success: true,
              message: "",
              deleted_dnode_ids: [],
              task_id: null,
              dnodes: [paused, sibling],
            },
          }
        : { body: { success: true, result: [] } },
    );
    const onNodes = vi.fn();
    withQueries(<ProcessView node={makeNode({ type: "PROCESS", content: running })} onNodes={onNodes} />);
    expect(screen.getByText("执行中")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "暂停「宋史」" }));
    await waitFor(() => expect(onNodes).toHaveBeenCalledWith([paused, sibling]));
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith("/dnode/call_action/10/pause"))).toBe(true);
  });

  it("invites a first start before there is anything to time", () => {
    mockFetch(() => ({ body: {} }));
    withQueries(<ProcessView node={makeNode({ type: "PROCESS" })} onNodes={() => {}} />);
    expect(screen.getByText("起草中")).toBeTruthy();
    expect(screen.getByText("尚未开始：点击「开始」计时")).toBeTruthy();
    expect(screen.getByRole("button", { name: "开始「宋史」" })).toBeTruthy();
  });
});

describe("a delivered agent process", () => {
  it("offers 接受交付 and 拒绝交付; accepting shows 已接受 from the server's answer", async () => {
    const delivered = { xtype: "AgentProcess", self_status: "completed", delivery_status: "delivered" };
    const fetch = mockFetch((url) =>
      url.includes("/accept_delivery")
        ? {
            body: {
              success: true,
              message: "已接受交付",
              deleted_dnode_ids: [],
              dnodes: [makeNode({ type: "PROCESS", content: { ...delivered, delivery_status: "accepted" } })],
              task_id: null,
            },
          }
        : { body: { success: true, result: [] } },
    );
    let node = makeNode({ type: "PROCESS", content: delivered });
    const onNodes = vi.fn((nodes: (typeof node)[]) => {
      node = nodes[0]!;
    });
    const { rerender } = withQueries(<ProcessView node={node} onNodes={onNodes} />);
    const view = screen.getByRole("region", { name: "流程" });
    expect(within(view).getByText("已交付")).toBeTruthy();
    expect(within(view).getByRole("button", { name: "拒绝「宋史」的交付" })).toBeTruthy();
    fireEvent.click(within(view).getByRole("button", { name: "接受「宋史」的交付" }));
    await waitFor(() => expect(onNodes).toHaveBeenCalled());
    expect(
      fetch.mock.calls.some(
        ([u]) => String(u).includes("/call_action/") && String(u).endsWith("/accept_delivery"),
      ),
    ).toBe(true);
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ProcessView node={node} onNodes={onNodes} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("已接受")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "接受「宋史」的交付" })).toBeNull();
  });
});
