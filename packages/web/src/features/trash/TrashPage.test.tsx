import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { daysLeft, TrashPage } from "./TrashPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;

const item = (
  id: number,
  name: string,
  parent: { id: number; name: string } | null = { id: 5, name: "宋史" },
) => ({
  id,
  batch_id: `00000000-0000-4000-8000-00000000000${id}`,
  root_id: 100 + id,
  name,
  type: "NOTE",
  node_count: 3,
  deleted_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  expires_at: new Date(Date.now() + 29.5 * DAY).toISOString(),
  deleted_by: { id: 1, username: "alice" },
  owner: { id: 1, username: "alice" },
  parent,
});

function renderPage() {
  return render(
    <Providers>
      <MemoryRouter>
        <TrashPage />
      </MemoryRouter>
    </Providers>,
  );
}

describe("TrashPage", () => {
  it("lists deleted subtrees with where they go back, and restores one", async () => {
    let bin = [item(1, "陈桥兵变"), item(2, "杯酒释兵权", null)];
    const fetch = mockFetch((url, init) => {
      if (url.includes("/trash/restore/")) {
        const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
        bin = bin.filter((i) => !ids.includes(i.id));
        return { body: { success: true, restored_ids: [101], roots: [{ id: 101, parent_id: 5 }] } };
      }
      return { body: { results: bin, total: bin.length } };
    });
    renderPage();
    const first = (await screen.findByText("陈桥兵变")).closest("li")!;
    expect(within(first).getByText("3 个节点")).toBeTruthy();
    expect(within(first).getByText("删除于5分钟前")).toBeTruthy();
    expect(within(first).getByRole("link", { name: "恢复到「宋史」下" }).getAttribute("href")).toBe(
      "/data/5",
    );
    expect(within(first).getByText("30 天后彻底删除")).toBeTruthy();
    expect(screen.getByText("原位置已不在，恢复到首页")).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain("/api/trash/?page=1&page_size=20");

    fireEvent.click(within(first).getByRole("button", { name: "恢复" }));
    expect(await screen.findByText("已恢复")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("陈桥兵变")).toBeNull());
    expect(screen.getByText("杯酒释兵权")).toBeTruthy();
  });

  it("purges for good only after asking", async () => {
    let bin = [item(1, "陈桥兵变")];
    const fetch = mockFetch((_url, init) => {
      if (init.method === "DELETE") {
        bin = [];
        return { body: { success: true } };
      }
      return { body: { results: bin, total: bin.length } };
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "彻底删除" }));
    const ask = await screen.findByRole("dialog");
    expect(ask.textContent).toContain("彻底删除「陈桥兵变」？此操作无法撤销");
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    fireEvent.click(within(ask).getByRole("button", { name: "彻底删除" }));
    expect(await screen.findByText("已彻底删除")).toBeTruthy();
    expect(
      await screen.findByText("回收站是空的。删除的节点会在这里保留 30 天，随时可以恢复。"),
    ).toBeTruthy();
    expect(fetch.mock.calls.find(([, init]) => init?.method === "DELETE")?.[0]).toContain("/api/trash/1/");
  });

  it("says what failed and offers 重试", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    mockFetch(() =>
      fail
        ? { status: 500, body: { success: false, error: "服务器出错了", code: "INTERNAL" } }
        : { body: { results: [], total: 0 } },
    );
    renderPage();
    expect(await screen.findByText("获取回收站失败：服务器出错了")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: /^重\s?试$/ }));
    expect(
      await screen.findByText("回收站是空的。删除的节点会在这里保留 30 天，随时可以恢复。"),
    ).toBeTruthy();
  });

  it("counts whole days left, never fewer than one", () => {
    const now = Date.UTC(2026, 10, 28);
    expect(daysLeft(new Date(now + 29.2 * DAY).toISOString(), now)).toBe(30);
    expect(daysLeft(new Date(now + 1000).toISOString(), now)).toBe(1);
    expect(daysLeft(new Date(now - DAY).toISOString(), now)).toBe(1);
  });
});
