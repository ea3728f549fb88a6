import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test-support/api";
import { makeNode, renderInApp } from "../../../test-support/content";
import { ChildrenChart } from "./ChildrenChart";

// jsdom has no canvas: the lazy chart module becomes a list of the bars it is given.
vi.mock("./ColumnChart", () => ({
  default: ({ data, label }: { data: Array<Record<string, unknown>>; label: string }) => (
    <ul aria-label={label}>
      {data.map((row) => (
        <li key={String(row.name)}>{`${row.name} ${row.hours}`}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the chart of a process's children", () => {
  it("reads the child processes only when opened and shows their time, longest first", async () => {
    const child = (id: number, name: string, content: Record<string, unknown>, type = "PROCESS") =>
      makeNode({ id, name, type, content, parent_id: 10 });
    const fetch = mockFetch(() => ({
      body: {
        relations: [],
        pagination_info: {},
        related_nodes: [
          child(20, "查资料", { self_status: "paused", total_time: 0.5 }),
          child(21, "写初稿", { self_status: "completed", total_time: 3 }),
          child(22, "备注", {}, "NOTE"),
          { ...child(23, "别处引用的", { total_time: 9 }), parent_id: 99 },
        ],
      },
    }));
    renderInApp(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ChildrenChart node={makeNode({ type: "PROCESS", name: "写论文" })} />
      </QueryClientProvider>,
    );
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: /用时图表/ }));
    const bars = await screen.findByRole("list", { name: "子流程用时（小时）" });
    expect([...bars.children].map((li) => li.textContent)).toEqual(["写初稿 3", "查资料 0.5"]);
    const url = new URL(String(fetch.mock.calls[0][0]), "http://x");
    expect(url.pathname).toBe("/api/dnode/10/relations_with_data/");
    expect(url.searchParams.get("relation_names")).toBe("SUBPROCESS,CHILD_NODE");
    await waitFor(() => expect(screen.getByRole("button", { name: /导出 CSV/ })).toBeTruthy());
  });
});
