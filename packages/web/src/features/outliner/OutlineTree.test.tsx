import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { patchNode, setList, upsertNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { stubTreeLayout } from "../../test-support/outliner";
import { ControllerContext, resetSharedController, sharedController } from "./context";
import type { NodeRow } from "./flatten";
import { OutlineTree } from "./OutlineTree";
import { resetOutline } from "./store";

// Which rows' name editors rendered: the store must re-render only the row whose node changed.
const renders: number[] = [];
vi.mock("./NameEditor", () => ({
  NameEditor: ({ row, name }: { row: NodeRow; name: string }) => {
    renders.push(row.id);
    return <textarea aria-label="知识点名称" value={name} readOnly />;
  },
}));

const N = 10_000;

beforeAll(() => {
  stubTreeLayout(600);
});

beforeEach(() => {
  resetOutline();
  resetSharedController();
  const node = (id: number): Dnode => ({
    id,
    name: `第${id}行`,
    type: "NOTE",
    content: {},
    parent_id: 1,
    main_relation: "CHILD_NODE",
    owner_id: 1,
    relations: {},
  });
  upsertNodes(Array.from({ length: N }, (_, i) => node(i + 2)));
  setList("1:CHILD_NODE", {
    ids: Array.from({ length: N }, (_, i) => i + 2),
    total: N,
    status: "ready",
    rev: 0,
  });
});
afterEach(cleanup);

function renderTree() {
  render(
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
    </MemoryRouter>,
  );
}

describe("a node with 10,000 children", () => {
  it("renders only the rows in view, each telling its place among all 10,000", () => {
    renderTree();
    const items = screen.getAllByRole("treeitem");
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(60);
    expect(items[0].getAttribute("aria-setsize")).toBe(String(N));
    expect(items[0].getAttribute("aria-posinset")).toBe("1");
  });

  it("renders the window scrolled to", () => {
    renderTree();
    const tree = screen.getByRole("tree");
    tree.scrollTop = 5000 * 32;
    fireEvent.scroll(tree);
    const positions = screen.getAllByRole("treeitem").map((r) => Number(r.getAttribute("aria-posinset")));
    expect(Math.min(...positions)).toBeGreaterThan(4900);
    expect(Math.max(...positions)).toBeLessThan(5100);
  });

  it("re-renders only the row whose node changed", () => {
    renderTree();
    renders.length = 0;
    act(() => patchNode(5, { name: "改过的第5行" }));
    expect(renders).toEqual([5]);
    expect(screen.getByDisplayValue("改过的第5行")).toBeTruthy();
  });
});
