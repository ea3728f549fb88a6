import { describe, expect, it } from "vitest";
import type { NodeCacheState } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { createProcessOrder, sortProcessChildren } from "./process-order";

const node = (
  id: number,
  type: string,
  content: Record<string, unknown> = {},
  created_at?: string,
): Dnode => ({
  id,
  name: `n${id}`,
  type,
  content,
  parent_id: 1,
  main_relation: "CHILD_NODE",
  owner_id: 1,
  relations: {},
  created_at,
});

const byId = (nodes: Dnode[]) => Object.fromEntries(nodes.map((n) => [n.id, n]));

describe("the order of a process's children", () => {
  const nodes = byId([
    node(1, "PROCESS", { self_status: "sub_running" }),
    node(10, "PROCESS", { self_status: "completed", finished_at: "2026-11-28T01:00:00Z" }),
    node(11, "PROCESS", {}, "2026-11-27T00:00:00Z"),
    node(12, "NOTE"),
    node(13, "PROCESS", { self_status: "paused", pause_time: "2026-11-28T02:00:00Z" }),
    node(14, "PROCESS", { self_status: "running", ran_at: "2026-11-28T03:00:00Z" }),
    node(15, "PROCESS", {}, "2026-11-28T00:00:00Z"),
  ]);

  it("puts running, sub_running, paused, draft (newest first), completed, leaving other rows in place", () => {
    expect(sortProcessChildren([10, 11, 12, 13, 14, 15], nodes)).toEqual([14, 13, 12, 15, 11, 10]);
  });

  it("takes a row typed a moment ago (no creation time yet) as the newest draft", () => {
    const withNew = { ...nodes, [-1]: node(-1, "PROCESS") };
    expect(sortProcessChildren([11, 15, -1], withNew)).toEqual([-1, 15, 11]);
  });

  it("gives the store's process lists their order, and the same object while nothing moves", () => {
    const select = createProcessOrder();
    const state = {
      nodes,
      lists: {
        "1:CHILD_NODE": { ids: [10, 14], total: 2, status: "ready", rev: 0 },
        "12:CHILD_NODE": { ids: [10, 14], total: 2, status: "ready", rev: 0 },
      },
    } as unknown as NodeCacheState;
    const first = select(state);
    expect(first).toEqual({ "1:CHILD_NODE": [14, 10] });
    // A change elsewhere (a name typed in a note) keeps the same object: nothing re-flattens.
    expect(select({ ...state, nodes: { ...nodes, 12: { ...nodes[12], name: "x" } } })).toBe(first);
    // The running one finished before the other: the loaded order is the shown one again.
    const finished = {
      ...nodes[14],
      content: { self_status: "completed", finished_at: "2026-11-28T00:00:00Z" },
    };
    expect(select({ ...state, nodes: { ...nodes, 14: finished } })).toEqual({});
  });
});
