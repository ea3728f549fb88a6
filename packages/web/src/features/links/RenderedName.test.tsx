import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { upsertNodes } from "../../entities/dnode/store";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp as renderInProviders } from "../../test-support/content";
import { resetOutline } from "../outliner/store";
import { resetNodeNames } from "./node-names";
import { RenderedName } from "./RenderedName";

// Link previews fetch through TanStack Query, as the app's own provider tree gives it.
const renderInApp = (ui: ReactNode) =>
  renderInProviders(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

beforeEach(() => {
  resetOutline();
  resetNodeNames();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RenderedName", () => {
  it("draws an EX node's name as math, and shows the raw text when it cannot be drawn", async () => {
    const { container } = renderInApp(<RenderedName name="a^2+b^2=c^2" type="EX" />);
    await waitFor(() => expect(container.querySelector(".katex")).toBeTruthy());
    cleanup();
    const broken = renderInApp(<RenderedName name={"\\frac{1}{"} type="EX" />);
    await waitFor(() =>
      expect(broken.container.querySelector(".formula-raw")?.textContent).toBe("\\frac{1}{"),
    );
    // Still raw once KaTeX is there (it was loaded by the first formula).
    expect(broken.container.querySelector(".katex")).toBeNull();
  });

  it("turns @{id} into a link named after the node, asking the server in one batch for those not loaded", async () => {
    upsertNodes([makeNode({ id: 42, name: "勾股定理" })]);
    const fetch = mockFetch((url) =>
      url.includes("/dnode/by_ids") ? { body: [makeNode({ id: 43, name: "直角三角形" })] } : { body: [] },
    );
    renderInApp(<RenderedName name="见@{42}与@{43}和@{44}" type="NOTE" />);
    expect(screen.getByRole("link", { name: "勾股定理" }).getAttribute("href")).toBe("/data/42");
    // Until the answer comes, and for a node the caller may not read, the link shows the id.
    expect(screen.getByRole("link", { name: "知识点 #43" }).getAttribute("href")).toBe("/data/43");
    expect(await screen.findByRole("link", { name: "直角三角形" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "知识点 #44" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(decodeURIComponent(String(fetch.mock.calls[0][0]))).toContain("ids=[43,44]");
    expect(screen.getByText("见")).toBeTruthy();
  });

  it("previews a linked node on hover with its text", async () => {
    upsertNodes([makeNode({ id: 43, name: "直角三角形", content: { text: "<p>有一个角是直角</p>" } })]);
    renderInApp(<RenderedName name="@{43}" type="NOTE" />);
    fireEvent.mouseEnter(screen.getByRole("link", { name: "直角三角形" }));
    expect(await screen.findByText("有一个角是直角", {}, { timeout: 2000 })).toBeTruthy();
  });

  it("opens the best search match of a keyword reference, or says nothing was found", async () => {
    const fetch = mockFetch((url) => ({ body: url.includes("%E5%8B%BE") ? [{ id: 9 }] : [] }));
    renderInApp(<RenderedName name="@{勾股} @{无此词}" type="NOTE" />);
    fireEvent.click(screen.getByRole("button", { name: "无此词" }));
    expect(await screen.findByText("没有找到「无此词」")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "勾股" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(String(fetch.mock.calls[1][0])).toContain("limit=1");
  });
});
