import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { XingweiPage } from "./XingweiPage";

// Saturday 2026-11-28, 10:00 in Shanghai.
const NOW = new Date("2026-11-28T02:00:00Z");

// Light rows, as my_dnodes_by_date_range/brief answers them.
const node = (id: number, name: string, created_at: string, type = "NOTE", content = {}) => ({
  id,
  name,
  type,
  content,
  parent_id: 1,
  created_at,
  finished_at: null,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <XingweiPage />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("我的行为", () => {
  it("groups my nodes by Shanghai day from 2 days back to tomorrow, and reaches 2 days further on demand", async () => {
    const fetch = mockFetch((url) => {
      const query = new URL(url, "http://x").searchParams;
      if (query.get("start_date") === "2026-11-26")
        return {
          body: [
            node(3, "写周报", "2026-11-28T01:00:00Z", "PROCESS", {
              self_status: "running",
              ran_at: NOW.toISOString(),
            }),
            // 00:10 on the 28th in Shanghai (still the 27th in UTC), then 23:30 on the 27th.
            node(2, "半夜的想法", "2026-11-27T16:10:00Z"),
            node(1, "昨晚的笔记", "2026-11-27T15:30:00Z", "DEF"),
          ],
        };
      return { body: [node(9, "上周的事", "2026-11-24T03:00:00Z")] };
    });
    renderPage();

    const today = await screen.findByRole("region", { name: /今天 · 11月28日 周六/ });
    expect(within(today).getByRole("link", { name: "写周报" }).getAttribute("href")).toBe("/data/3");
    expect(within(today).getByRole("link", { name: "半夜的想法" })).toBeTruthy();
    expect(within(today).getByText("执行中")).toBeTruthy();
    const yesterday = screen.getByRole("region", { name: /11月27日 周五/ });
    expect(within(yesterday).getByRole("link", { name: "昨晚的笔记" })).toBeTruthy();
    expect(within(yesterday).getByText("定义")).toBeTruthy();
    const first = new URL(String(fetch.mock.calls[0][0]), "http://x");
    expect(first.pathname).toBe("/api/dnode/my_dnodes_by_date_range/brief");
    expect([first.searchParams.get("start_date"), first.searchParams.get("end_date")]).toEqual([
      "2026-11-26",
      "2026-11-29",
    ]);
    expect(first.searchParams.get("limit")).toBe("500");

    fireEvent.click(screen.getByRole("button", { name: "加载更早的记录" }));
    expect(await screen.findByRole("link", { name: "上周的事" })).toBeTruthy();
    const second = new URL(String(fetch.mock.calls[1][0]), "http://x").searchParams;
    expect([second.get("start_date"), second.get("end_date")]).toEqual(["2026-11-24", "2026-11-26"]);
  });

  it("groups by week when asked, from the Monday 2 weeks back", async () => {
    const fetch = mockFetch(() => ({ body: [node(1, "周一的事", "2026-11-22T16:00:00Z")] }));
    renderPage();
    await screen.findByRole("link", { name: "周一的事" });
    fireEvent.click(screen.getByRole("radio", { name: "按周" }));
    const week = await screen.findByRole("region", { name: /本周 · 11月23日 周一 至 11月29日 周日/ });
    expect(within(week).getByRole("link", { name: "周一的事" })).toBeTruthy();
    const last = new URL(String(fetch.mock.calls.at(-1)![0]), "http://x").searchParams;
    expect([last.get("start_date"), last.get("end_date")]).toEqual(["2026-11-09", "2026-11-29"]);
  });

  it("asks for 2 more days each time the bottom comes into view, and stops by itself after 3 empty pages", async () => {
    // Observers as the page leaves them: connected until it disconnects them.
    const connected = new Set<(entries: Array<{ isIntersecting: boolean }>) => void>();
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
        observe() {
          connected.add(this.callback);
        }
        disconnect() {
          connected.delete(this.callback);
        }
      },
    );
    const fetch = mockFetch(() => ({ body: [] }));
    renderPage();
    await screen.findByText("这段时间你还没有新建知识点或行为。");
    const bottomReached = () =>
      act(() => {
        for (const callback of connected) callback([{ isIntersecting: true }]);
      });
    for (const pages of [2, 3]) {
      await waitFor(() => expect(connected.size).toBe(1));
      await bottomReached();
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(pages));
    }
    const starts = fetch.mock.calls.map(([url]) =>
      new URL(String(url), "http://x").searchParams.get("start_date"),
    );
    expect(starts).toEqual(["2026-11-26", "2026-11-24", "2026-11-22"]);
    // Three empty pages in a row: the observer stops; the button still goes further.
    await waitFor(() => expect(connected.size).toBe(0));
    await bottomReached();
    expect(fetch).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole("button", { name: "加载更早的记录" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
  });

  it("says what to do when there is nothing yet, and when loading fails", async () => {
    mockFetch(() => ({ body: [] }));
    renderPage();
    expect(await screen.findByText("这段时间你还没有新建知识点或行为。")).toBeTruthy();
    expect(screen.getByText(/开始一个行为，它会出现在这里/)).toBeTruthy();
    cleanup();

    mockFetch(() => ({ status: 500, body: { success: false, error: "服务器出错了", code: "X" } }));
    renderPage();
    expect(await screen.findByText("加载失败：服务器出错了")).toBeTruthy();
    expect(screen.getByText("请检查网络后点击「重试」。")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "重试" })).toBeTruthy());
  });
  it("asks the same range again, before the oldest answered, when an answer was a full page", async () => {
    // 500 nodes made on the 28th, a minute apart going back from 09:59 Shanghai; two more on the 26th.
    const at = (minutesBack: number) => new Date(NOW.getTime() - (minutesBack + 1) * 60_000).toISOString();
    const full = Array.from({ length: 500 }, (_, i) => node(10_000 + i, `第${i}条`, at(i)));
    const asked: string[] = [];
    mockFetch((url) => {
      const query = new URL(url, "http://x").searchParams;
      asked.push(`${query.get("start_date")}→${query.get("end_date")}`);
      if (query.get("end_date") === "2026-11-29") return { body: full };
      if (query.get("start_date") === "2026-11-26")
        return {
          body: [node(2, "最早的一条", "2026-11-26T03:00:00Z"), node(1, "更早", "2026-11-26T02:00:00Z")],
        };
      return { body: [] };
    });
    renderPage();
    expect(await screen.findByText("第0条")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "加载更早的记录" }));
    expect(await screen.findByText("最早的一条")).toBeTruthy();
    expect(asked[1]).toBe(`2026-11-26→${full.at(-1)?.created_at}`);
    expect(screen.getByText("更早")).toBeTruthy();
  });
});
