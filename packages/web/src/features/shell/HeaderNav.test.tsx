import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { HeaderNav, selectedNav } from "./HeaderNav";

const LINKS = ["我的知识", "我的消息", "问AI", "我的AI", "公共知识"];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useAuth.setState({ loggedIn: false, user: null });
});

const windowIs = (narrow: boolean) =>
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: narrow,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );

const renderNav = () =>
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <HeaderNav pathname="/wenai" />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );

describe("the header's links", () => {
  it("show the unread messages of the signed-in person's dialogues on 我的消息", async () => {
    windowIs(false);
    useAuth.setState({
      loggedIn: true,
      user: { id: 7, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
    });
    mockFetch(() => ({ body: { success: true, dialogues: [], unread_total: 2 } }));
    renderNav();
    expect((await screen.findAllByTitle("2 条未读")).length).toBeGreaterThan(0);
  });

  it("are all in the header in a wide window", () => {
    windowIs(false);
    renderNav();
    for (const name of LINKS) expect(screen.getAllByRole("link", { name }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "导航菜单" })).toBeNull();
  });

  it("move into a menu button in a narrow window, none dropped", async () => {
    windowIs(true);
    renderNav();
    expect(screen.queryByRole("link", { name: "问AI" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "导航菜单" }));
    for (const name of LINKS) expect(await screen.findByRole("link", { name })).toBeTruthy();
  });

  it("mark the section a page belongs to", () => {
    expect(selectedNav("/")).toBe("/");
    expect(selectedNav("/public-knowledge")).toBe("/public-knowledge");
    expect(selectedNav("/data/3")).toBe("");
  });
});
