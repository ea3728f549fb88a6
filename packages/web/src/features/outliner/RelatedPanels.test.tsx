import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Dnode } from "../../entities/dnode/types";
import { mockFetch } from "../../test-support/api";
import { RelatedPanels } from "./RelatedPanels";
import { relatedSections } from "./related-sections";

const group = (head: number[], size = head.length) => ({ size, head, dict: {} });
const node = (relations: Dnode["relations"]): Dnode => ({
  id: 1,
  name: "勾股定理",
  type: "CONCEPT",
  content: {},
  parent_id: null,
  main_relation: null,
  owner_id: 7,
  relations,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("relatedSections", () => {
  it("puts x__ groups under reverse and inheritances under inherited, leaving forward groups out", () => {
    const sections = relatedSections(
      node({
        CHILD_NODE: group([5]),
        x__REFERENCE: group([8, 9], 12),
        x__CHILD_NODE: group([3]),
        inheritances: group([20]),
        x__NOTE: group([]),
      }),
    );
    expect(sections.map((s) => [s.kind, s.total, s.groups.map((g) => g.relation)])).toEqual([
      ["reverse", 13, ["CHILD_NODE", "REFERENCE"]],
      ["inherited", 1, ["inheritances"]],
    ]);
  });

  it("has no section for a node only with forward children and the link from its own parent", () => {
    const child = { ...node({ CHILD_NODE: group([5]), x__CHILD_NODE: group([4]) }), parent_id: 4 };
    expect(relatedSections({ ...child, main_relation: "CHILD_NODE" })).toEqual([]);
  });

  it("keeps other nodes that hold this one as a child (references), without its parent", () => {
    const child = { ...node({ x__CHILD_NODE: group([4, 8]) }), parent_id: 4, main_relation: "CHILD_NODE" };
    expect(relatedSections(child)[0].groups).toEqual([
      { key: "x__CHILD_NODE", relation: "CHILD_NODE", size: 1, ids: [8] },
    ]);
  });
});

describe("RelatedPanels", () => {
  it("lists the nodes linking here under 反向关系, with their type tags and a link to the whole group", async () => {
    const fetch = mockFetch((url) =>
      url.includes("/dnode/by_ids")
        ? {
            body: [
              { ...node({}), id: 8, name: "几何笔记", type: "NOTE" },
              { ...node({}), id: 9, name: "直角三角形", type: "DEF" },
            ],
          }
        : { status: 404, body: {} },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RelatedPanels node={node({ x__REFERENCE: group([8, 9], 12) })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText("反向关系（12）"));
    expect((await screen.findByText("几何笔记")).closest("a")?.getAttribute("href")).toBe("/data/8");
    expect(screen.getByText("定义")).toBeTruthy();
    expect(screen.getByText("引用 · 12").closest("a")?.getAttribute("href")).toBe("/data/1/x__REFERENCE");
    expect(decodeURIComponent(String(fetch.mock.calls[0][0]))).toContain("ids=[8,9]");
  });
});
