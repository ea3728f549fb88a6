import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { upsertNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { mockFetch } from "../../test-support/api";
import { flat, ready } from "../../test-support/outliner";
import { Breadcrumb } from "./Breadcrumb";
import { resetOutline } from "./store";

const dnode = (id: number, name: string, type: string, extra: Partial<Dnode> = {}): Dnode => ({
  id,
  name,
  type,
  content: {},
  parent_id: null,
  main_relation: null,
  owner_id: 7,
  relations: {},
  ...extra,
});

const root = dnode(1, "我的知识", "USER");
const maths = dnode(3, "数学", "DIR", { parent_id: 1 });
const node = dnode(5, "代数", "DEF", { parent_id: 3, creator_id: 7, creator_name: "小明" });

function renderCrumbs(shown: Dnode, rows = flat({ "1:CHILD_NODE": ready([]) })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Breadcrumb node={shown} view={{ scope: "", rootId: shown.id, rows }} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => resetOutline());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the node page's breadcrumb", () => {
  it("links the owner by name, then each ancestor root first with its type tag", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/api/data/5/path") ? { body: [root, maths] } : { status: 404 },
    );
    renderCrumbs(node);
    expect(screen.getByRole("link", { name: "小明" }).getAttribute("href")).toBe("/user/7");
    const first = await screen.findByRole("link", { name: /我的知识/ });
    const second = screen.getByRole("link", { name: /数学/ });
    expect(first.getAttribute("href")).toBe("/data/1");
    expect(second.getAttribute("href")).toBe("/data/3");
    expect(within(first).getByTitle("类型：USER").textContent).toBe("用户根节点");
    expect(within(second).getByTitle("类型：DIR").textContent).toBe("目录");
    // Root first: the owner, then the path in the server's order.
    const links = screen.getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/user/7", "/data/1", "/data/3"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says 主人 when the owner did not create the node, and shows no path when it fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { success: false, error: "出错了" } }));
    renderCrumbs({ ...node, creator_id: 9, creator_name: "小红" });
    expect(screen.getByRole("link", { name: "主人" }).getAttribute("href")).toBe("/user/7");
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });

  it("copies the visible tree as indented text, each name after its type's label", async () => {
    mockFetch(() => ({ body: [] }));
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    upsertNodes([dnode(2, "一", "NOTE"), dnode(4, "二", "STEP"), dnode(6, "藏", "NOTE")]);
    const rows = flat(
      { "1:CHILD_NODE": ready([2, 6]), "2:CHILD_NODE": ready([4]), "6:CHILD_NODE": ready([4]) },
      ["1:CHILD_NODE/2"],
    );
    renderCrumbs(node, rows);
    fireEvent.click(screen.getByRole("button", { name: "复制" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("定义：代数\n  一\n    步骤：二\n  藏"));
    expect(await screen.findByText("已复制: 定义：代数…")).toBeTruthy();
  });

  it("says so when the clipboard refuses", async () => {
    mockFetch(() => ({ body: [] }));
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    renderCrumbs(node);
    fireEvent.click(screen.getByRole("button", { name: "复制" }));
    expect(await screen.findByText("复制失败，请重试")).toBeTruthy();
  });
});
