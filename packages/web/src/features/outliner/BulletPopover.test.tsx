import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { setList, upsertNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { mockFetch } from "../../test-support/api";
import { stubTreeLayout } from "../../test-support/outliner";
import { ControllerContext, resetSharedController, sharedController } from "./context";
import { OutlineTree } from "./OutlineTree";
import { resetOutline } from "./store";

// jsdom lays nothing out: give the tree's scroll box a size so the virtualiser renders rows.
beforeAll(() => {
  stubTreeLayout(600);
});

const dnode = (id: number, name: string, extra: Partial<Dnode> = {}): Dnode => ({
  id,
  name,
  type: "NOTE",
  content: {},
  parent_id: 1,
  main_relation: "CHILD_NODE",
  owner_id: 7,
  relations: {},
  ...extra,
});

beforeEach(() => {
  resetOutline();
  resetSharedController();
  upsertNodes([
    dnode(2, "第一行", { creator_id: 7, creator_name: "小明", created_at: "2026-01-02T03:04:05Z" }),
    ...Array.from({ length: 50 }, (_, i) => dnode(i + 3, `第${i + 3}行`)),
  ]);
  setList("1:CHILD_NODE", {
    ids: Array.from({ length: 51 }, (_, i) => i + 2),
    total: 51,
    status: "ready",
    rev: 0,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTree() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ControllerContext.Provider value={sharedController()}>
            <OutlineTree
              view={{ scope: "", rootId: 1, rows: [] }}
              rootId={1}
              groups={["CHILD_NODE"]}
              primary="CHILD_NODE"
              grouped={false}
              viewId="$$/1"
              label="「根」的子节点"
            />
          </ControllerContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

describe("the bullet's hover popover", () => {
  it("fetches nothing while rows render, then shows path, relation, time, creator, ID and 视图ID on hover", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/api/data/2/path")
        ? { body: [{ ...dnode(1, "根"), type: "DIR", parent_id: null, main_relation: null }] }
        : { status: 404 },
    );
    renderTree();
    expect(screen.getAllByRole("treeitem").length).toBeGreaterThan(10);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(screen.getByRole("link", { name: "打开「第一行」" }));
    expect(await screen.findByText("ID: 2")).toBeTruthy();
    expect(screen.getByText("视图ID: 1:CHILD_NODE/2")).toBeTruthy();
    expect(screen.getByText("子节点")).toBeTruthy();
    expect(screen.getByRole("link", { name: "小明" }).getAttribute("href")).toBe("/user/7");
    const time = screen.getByText("01-02");
    expect(time.getAttribute("title")).toBe("2026/01/02 11:04:05");

    const ancestor = await screen.findByRole("link", { name: /根/ });
    expect(ancestor.getAttribute("href")).toBe("/data/1");
    expect(within(ancestor).getByTitle("类型：DIR").textContent).toBe("目录");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toContain("/api/data/2/path");
  });

  it("keeps the bullet opening the node on click", async () => {
    mockFetch(() => ({ body: [] }));
    const open = vi.spyOn(sharedController().rows, "open").mockResolvedValue(undefined as never);
    renderTree();
    fireEvent.click(screen.getByRole("link", { name: "打开「第一行」" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0][0]).toMatchObject({ id: 2, viewId: "1:CHILD_NODE/2" });
  });

  it("opens the same information in a dialog from the keyboard: Shift+F10 on a selected row", async () => {
    mockFetch(() => ({ body: [] }));
    renderTree();
    const row = screen.getByRole("treeitem", { name: "第一行" });
    fireEvent.keyDown(row, { key: "F10", shiftKey: true });
    const dialog = await screen.findByRole("dialog", { name: "「第一行」的信息" });
    expect(within(dialog).getByText("ID: 2")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "小明" })).toBeTruthy();
    // Inside a name being edited the key belongs to the editor.
    fireEvent.keyDown(within(row).getByRole("textbox"), { key: "F10", shiftKey: true });
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });

  it("opens nothing when the pointer leaves the bullet before the hover delay", async () => {
    const fetch = mockFetch(() => ({ body: [] }));
    renderTree();
    fireEvent.mouseEnter(screen.getByRole("link", { name: "打开「第一行」" }));
    // The first hover mounted the popover around the bullet: the pointer leaves that bullet.
    fireEvent.mouseLeave(screen.getByRole("link", { name: "打开「第一行」" }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByText("ID: 2")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
