import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import type { FlatRow } from "./flatten";
import { selectedRowsOnly } from "./selected-view";

const summary = (rows: FlatRow[]) =>
  rows.map((r) => (r.kind === "node" ? `${r.depth}:${r.id}` : `${r.kind}@${r.depth}`));
const ticked =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

// 1 ─ 2 ─ 4 ─ 6
//   │   └ 5
//   └ 3 (and 10 more on the server)
const lists = {
  "1:CHILD_NODE": ready([2, 3], 12),
  "2:CHILD_NODE": ready([4, 5]),
  "4:CHILD_NODE": ready([6]),
};
const open = ["1:CHILD_NODE/2", "2:CHILD_NODE/4"];

describe("the 已选 view's rows", () => {
  it("shows a ticked row with the rows that lead to it, and nothing else", () => {
    const rows = selectedRowsOnly(flat(lists, open), ticked("2:CHILD_NODE/5"));
    expect(summary(rows)).toEqual(["1:2", "2:5"]);
  });

  it("shows what is open under a ticked row, load-more rows included", () => {
    const wide = { ...lists, "4:CHILD_NODE": ready([6], 3) };
    const rows = selectedRowsOnly(flat(wide, open), ticked("1:CHILD_NODE/2"));
    expect(summary(rows)).toEqual(["1:2", "2:4", "3:6", "more@3", "2:5"]);
  });

  it("shows each ancestor once for several ticks, and leaves out the lists' load-more rows", () => {
    const rows = selectedRowsOnly(
      flat(lists, open),
      ticked("4:CHILD_NODE/6", "2:CHILD_NODE/5", "1:CHILD_NODE/3"),
    );
    expect(summary(rows)).toEqual(["1:2", "2:4", "3:6", "2:5", "1:3"]);
  });

  it("keeps the group header above a ticked row, and drops groups with none", () => {
    const grouped = { "1:NOTE": ready([7, 8]), "1:CHILD_NODE": ready([2, 3]) };
    const rows = selectedRowsOnly(
      flat(grouped, [], { groups: ["NOTE", "CHILD_NODE"], grouped: true }),
      ticked("1:CHILD_NODE/3"),
    );
    expect(summary(rows)).toEqual(["group@1", "2:3"]);
    expect(rows[0]).toMatchObject({ relation: "CHILD_NODE" });
  });

  it("is empty when nothing is ticked", () => {
    expect(selectedRowsOnly(flat(lists, open), ticked())).toEqual([]);
  });
});
