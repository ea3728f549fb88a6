import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OutlineApi } from "../../entities/dnode/api";
import { setList, upsertNodes, useNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { Blocks } from "./block-ops";
import { type ControllerDeps, OutlineCore } from "./core";
import type { NodeRow } from "./flatten";
import { Moves } from "./moves";
import { resetOutline } from "./store";
import type { TreeView } from "./tree-view";

// The collaborators stand alone: a core over fake deps, and fakes for the collaborators they take.

const node = (id: number, name: string): Dnode => ({
  id,
  name,
  type: "NOTE",
  content: {},
  parent_id: 1,
  main_relation: "CHILD_NODE",
  owner_id: 1,
  relations: {},
  version: 1,
});

const row = (id: number, parentId = 1): NodeRow => ({
  kind: "node",
  key: `${parentId}:CHILD_NODE/${id}`,
  viewId: `${parentId}:CHILD_NODE/${id}`,
  id,
  parentId,
  relation: "CHILD_NODE",
  depth: 1,
  index: 0,
  setSize: 2,
  expanded: false,
});

const view: TreeView = { scope: "", rootId: 1, rows: [] };
const ids = (parentId: number) => useNodes.getState().lists[`${parentId}:CHILD_NODE`]?.ids;

let move: ReturnType<typeof vi.fn>;
let deps: ControllerDeps;

beforeEach(() => {
  resetOutline();
  upsertNodes([node(1, "根"), node(2, "一"), node(3, "二")]);
  setList("1:CHILD_NODE", { ids: [2, 3], total: 2, status: "ready", rev: 0 });
  move = vi.fn(async () => ({}));
  deps = {
    api: { move } as unknown as OutlineApi,
    notify: vi.fn(),
    warn: vi.fn(),
    navigate: vi.fn(),
    confirm: async () => true,
    deleted: vi.fn(),
  };
});

describe("Moves, with a core and nothing else of the controller", () => {
  it("indents a row under its previous sibling, sends the move, and undoes it from the core's history", async () => {
    const core = new OutlineCore(deps);
    const names = { endTypingRun: vi.fn() };
    const moves = new Moves(core, names);

    moves.indent(view, row(3), "end");
    expect(ids(1)).toEqual([2]);
    expect(ids(2)).toEqual([3]);
    expect(names.endTypingRun).toHaveBeenCalled();
    await core.settled();
    expect(move).toHaveBeenCalledWith(
      expect.objectContaining({ moved_nodes_ids: [3], target_node_id: 2, old_location_id: 1, way: "move" }),
    );

    expect(core.history.undo()).toBe(true);
    await core.history.idle();
    expect(ids(1)).toEqual([2, 3]);
    expect(ids(2)).toEqual([]);
    await core.settled();
    expect(move).toHaveBeenLastCalledWith(
      expect.objectContaining({ moved_nodes_ids: [3], target_node_id: 1, old_location_id: 2 }),
    );
  });

  it("puts the row back with 移动节点失败 when the server refuses", async () => {
    move.mockRejectedValue(new Error("没有权限"));
    const core = new OutlineCore(deps);
    const moves = new Moves(core, { endTypingRun: () => undefined });

    moves.indent(view, row(3), "end");
    await core.settled();
    await vi.waitFor(() => expect(ids(1)).toEqual([2, 3]));
    expect(deps.notify).toHaveBeenCalledWith(expect.stringContaining("移动节点失败"));
  });
});

describe("Blocks, over fake one-row moves", () => {
  it("moves each selected row and keeps them as one undo step", async () => {
    const core = new OutlineCore(deps);
    const moved: number[] = [];
    const undone: number[] = [];
    const moves = {
      indent: (_view: TreeView, r: NodeRow) => {
        moved.push(r.id);
        core.history.record({
          undo: () => {
            undone.push(r.id);
          },
          redo: () => undefined,
        });
      },
      outdent: vi.fn(),
      reorder: vi.fn(),
    };
    const blocks = new Blocks(core, moves);
    upsertNodes([node(4, "三")]);
    setList("1:CHILD_NODE", { ids: [2, 3, 4], total: 3, status: "ready", rev: 0 });

    blocks.indentRows(view, [row(3), row(4)]);
    expect(moved).toEqual([3, 4]);
    expect(core.history.undo()).toBe(true);
    await core.history.idle();
    expect(undone.sort()).toEqual([3, 4]);
    expect(core.history.undo()).toBe(false);
  });
});
