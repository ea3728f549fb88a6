import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { PublicKnowledgePage } from "./PublicKnowledgePage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const node = (id: number) => ({
  id,
  name: `公开树${id}`,
  type: "DIR",
  content: { text: `<p>说明${id}</p>` },
  parent_id: 1,
  main_relation: "USER_ROOT",
  owner_id: 1,
  relations: {},
  updated_at: new Date().toISOString(),
});

function renderPage() {
  return render(
    <Providers>
      <MemoryRouter>
        <PublicKnowledgePage />
      </MemoryRouter>
    </Providers>,
  );
}

describe("PublicKnowledgePage", () => {
  it("asks for page 1 of 20 and shows cards without pagination when everything fits", async () => {
    const fetch = mockFetch(() => ({ body: { results: [node(1), node(2)], total: 2 } }));
    renderPage();
    expect(await screen.findByText("公开树1")).toBeTruthy();
    expect(screen.getByText("说明2")).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain("/api/public-knowledge/?page=1&page_size=20");
    expect(screen.queryByText("共 2 个知识点")).toBeNull();
  });

  it("shows the total, size changer and quick jumper when there is more than a page", async () => {
    mockFetch(() => ({ body: { results: [node(1)], total: 45 } }));
    renderPage();
    expect(await screen.findByText("共 45 个知识点")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "页" })).toBeTruthy(); // the quick jumper (跳至 … 页)
    expect(screen.getByText("20 条/页")).toBeTruthy(); // the size changer
    expect(screen.getByTitle("3")).toBeTruthy(); // 45 in pages of 20
  });

  it("says what failed, and what to do when there is nothing yet", async () => {
    mockFetch(() => ({ status: 500, body: { success: false, error: "x", code: "INTERNAL" } }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText("获取公共知识点失败")).toBeTruthy();
    cleanup();
    mockFetch(() => ({ body: { results: [], total: 0 } }));
    renderPage();
    expect(await screen.findByText(/还没有公开的知识点/)).toBeTruthy();
  });
});
