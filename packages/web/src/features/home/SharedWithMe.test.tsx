import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { SharedWithMe } from "./SharedWithMe";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tree = (id: number, name: string, owner: number) => ({
  id,
  name,
  type: "DIR",
  content: {},
  parent_id: 1,
  main_relation: "USER_ROOT",
  owner_id: owner,
  relations: {},
});

const renderShared = () =>
  render(
    <Providers>
      <MemoryRouter>
        <SharedWithMe userId={7} />
      </MemoryRouter>
    </Providers>,
  );

describe("分享给我的 on home", () => {
  it("shows the trees shared with me as cards, each with its owner", async () => {
    const fetch = mockFetch((url) => {
      if (url.includes("/user/public-anchors/"))
        return { body: { results: [tree(20, "宋史", 8), tree(21, "唐诗", 9)], total: 2 } };
      const id = Number(/\/user\/(\d+)/.exec(url)![1]);
      return { body: { id, username: id === 8 ? "bob" : "carol", content: {} } };
    });
    renderShared();
    const section = await screen.findByRole("region", { name: "分享给我的" });
    expect(within(section).getByRole("heading", { name: "分享给我的" })).toBeTruthy();
    expect(within(section).getByRole("link", { name: "打开「宋史」" })).toBeTruthy();
    expect(await within(section).findByText("bob 分享")).toBeTruthy();
    expect(await within(section).findByText("carol 分享")).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain("user_id=7&type=received");
  });

  it("shows nothing while nobody shares anything with me", async () => {
    const fetch = mockFetch(() => ({ body: { results: [], total: 0 } }));
    const { container } = renderShared();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });

  it("links to the full list on my profile when there are more than fit", async () => {
    mockFetch((url) =>
      url.includes("/public-anchors/")
        ? { body: { results: [tree(20, "宋史", 8)], total: 25 } }
        : { body: { id: 8, username: "bob", content: {} } },
    );
    renderShared();
    expect((await screen.findByRole("link", { name: "查看全部 25 个" })).getAttribute("href")).toBe(
      "/user/7",
    );
  });
});
