import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import type { FlatRow, NodeRow } from "./flatten";
import { neighbourRow, parentRow } from "./flatten";

const summary = (rows: FlatRow[]) =>
  rows.map((r) => (r.kind === "node" ? `${r.depth}:${r.id}` : `${r.kind}@${r.depth}`));

describe("flattenTree", () => {
  it("lists the page's children and descends into expanded rows only", () => {
    const lists = {
      "1:CHILD_NODE": ready([2, 3]),
      "2:CHILD_NODE": ready([4]),
      "3:CHILD_NODE": ready([5]),
    };
    expect(summary(flat(lists, ["1:CHILD_NODE/2"]))).toEqual(["1:2", "2:4", "1:3"]);
  });

  it("gives each row its view id, sibling position and the server's sibling count", () => {
    const rows = flat({ "1:CHILD_NODE": ready([2, 3], 50) });
    expect(rows[1]).toMatchObject({
      kind: "node",
      viewId: "1:CHILD_NODE/3",
      index: 1,
      setSize: 50,
      expanded: false,
    });
  });

  it("adds a load-more row while the server holds more, and a loading row for lists not loaded", () => {
    const rows = flat({ "1:CHILD_NODE": ready([2, 3], 10) }, ["1:CHILD_NODE/2"]);
    expect(summary(rows)).toEqual(["1:2", "loading@2", "1:3", "more@1"]);
    expect(rows[3]).toMatchObject({ remaining: 8, parentId: 1, relation: "CHILD_NODE" });
  });

  it("shows group headers when grouped, and hides the rows of collapsed groups", () => {
    const lists = { "1:NOTE": ready([7]), "1:CHILD_NODE": ready([2, 3]) };
    const rows = flat(lists, [], {
      groups: ["NOTE", "CHILD_NODE"],
      grouped: true,
      isGroupCollapsed: (g) => g === "NOTE",
    });
    expect(summary(rows)).toEqual(["group@1", "group@1", "2:2", "2:3"]);
    expect(rows[0]).toMatchObject({ relation: "NOTE", count: 1, collapsed: true });
  });

  it("does not open a node again inside itself (reference loops)", () => {
    const lists = { "1:CHILD_NODE": ready([2]), "2:CHILD_NODE": ready([1, 2]) };
    const rows = flat(lists, ["1:CHILD_NODE/2", "2:CHILD_NODE/1", "2:CHILD_NODE/2"]);
    expect(summary(rows)).toEqual(["1:2", "2:1", "2:2"]);
    expect(rows.every((r) => r.kind !== "node" || r.id === 2 || !r.expanded)).toBe(true);
  });

  it("keys rows by the stable key of their ids", () => {
    const rows = flat({ "1:CHILD_NODE": ready([40]) }, [], {
      keyOf: (id) => (id === 40 ? "t-1" : String(id)),
    });
    expect(rows[0].key).toBe("1:CHILD_NODE/t-1");
    expect((rows[0] as NodeRow).viewId).toBe("1:CHILD_NODE/40");
  });

  it("renders 10,000 children in well under a frame's budget of work", () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 2);
    const started = performance.now();
    const rows = flat({ "1:CHILD_NODE": ready(ids) });
    expect(rows).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("navigation helpers", () => {
  const rows = flat({ "1:CHILD_NODE": ready([2, 3], 3), "2:CHILD_NODE": ready([4]) }, ["1:CHILD_NODE/2"]);

  it("finds the node rows above and below, skipping other rows", () => {
    expect(neighbourRow(rows, "1:CHILD_NODE/3", -1)?.id).toBe(4);
    expect(neighbourRow(rows, "1:CHILD_NODE/3", 1)).toBeNull();
    expect(neighbourRow(rows, "1:CHILD_NODE/2", -1)).toBeNull();
  });

  it("finds a row's parent row", () => {
    expect(parentRow(rows, "2:CHILD_NODE/4")?.id).toBe(2);
    expect(parentRow(rows, "1:CHILD_NODE/2")).toBeNull();
  });
});
