import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import type { NodeRow } from "./flatten";
import { planEnter, planIndent, planOutdent, planReorder } from "./tree-moves";

const rowOf = (rows: ReturnType<typeof flat>, id: number) =>
  rows.find((r) => r.kind === "node" && r.id === id) as NodeRow;

describe("planReorder (Alt+Up/Down)", () => {
  const lists = { "1:CHILD_NODE": ready([2, 3, 5]), "2:CHILD_NODE": ready([4]), "3:CHILD_NODE": ready([6]) };
  const rows = flat(lists, ["1:CHILD_NODE/2", "1:CHILD_NODE/3"]);

  it("swaps with the neighbour in the same list", () => {
    expect(planReorder(rows, rowOf(rows, 3), lists["1:CHILD_NODE"], -1)).toEqual({
      ok: true,
      from: 1,
      to: 0,
    });
    expect(planReorder(rows, rowOf(rows, 3), lists["1:CHILD_NODE"], 1)).toEqual({ ok: true, from: 1, to: 2 });
  });

  it("says top and bottom at the ends of the page's list", () => {
    expect(planReorder(rows, rowOf(rows, 2), lists["1:CHILD_NODE"], -1)).toEqual({
      ok: false,
      reason: "top",
    });
    expect(planReorder(rows, rowOf(rows, 5), lists["1:CHILD_NODE"], 1)).toEqual({
      ok: false,
      reason: "bottom",
    });
  });

  it("says top when the row above is its own parent", () => {
    expect(planReorder(rows, rowOf(rows, 4), lists["2:CHILD_NODE"], -1)).toEqual({
      ok: false,
      reason: "top",
    });
  });

  it("refuses to move under a different parent at the same level", () => {
    // 4 (under 2) and 6 (under 3) are neighbours at level 2 but have different parents.
    expect(planReorder(rows, rowOf(rows, 4), lists["2:CHILD_NODE"], 1)).toEqual({
      ok: false,
      reason: "otherParent",
    });
    expect(planReorder(rows, rowOf(rows, 6), lists["3:CHILD_NODE"], -1)).toEqual({
      ok: false,
      reason: "otherParent",
    });
  });

  it("refuses to cross into another relation of the same parent", () => {
    const groups = { "1:NOTE": ready([7]), "1:CHILD_NODE": ready([2]) };
    const flatRows = flat(groups, [], { groups: ["NOTE", "CHILD_NODE"] });
    expect(planReorder(flatRows, rowOf(flatRows, 2), groups["1:CHILD_NODE"], -1)).toEqual({
      ok: false,
      reason: "otherParent",
    });
  });

  it("asks to load more at the end of a partly loaded list", () => {
    const partial = { "1:CHILD_NODE": ready([2, 3, 4], 90) };
    const partialRows = flat(partial);
    const list = partial["1:CHILD_NODE"];
    expect(planReorder(partialRows, rowOf(partialRows, 4), list, 1)).toEqual({
      ok: false,
      reason: "loadMore",
    });
    // Moving into the last loaded place would put the row before rows not loaded yet.
    expect(planReorder(partialRows, rowOf(partialRows, 3), list, 1)).toEqual({
      ok: false,
      reason: "loadMore",
    });
    expect(planReorder(partialRows, rowOf(partialRows, 3), list, -1)).toEqual({ ok: true, from: 1, to: 0 });
  });
});

describe("planIndent and planOutdent (Tab, Shift+Tab)", () => {
  const lists = { "1:CHILD_NODE": ready([2, 3, 5]), "2:CHILD_NODE": ready([4]) };
  const rows = flat(lists, ["1:CHILD_NODE/2"]);

  it("indents under the previous sibling, never the first row", () => {
    expect(planIndent(rowOf(rows, 3), lists["1:CHILD_NODE"])).toEqual({ newParentId: 2 });
    expect(planIndent(rowOf(rows, 2), lists["1:CHILD_NODE"])).toBeNull();
  });

  it("outdents to right after the parent, before the parent's next sibling", () => {
    expect(planOutdent(rows, rowOf(rows, 4), lists["1:CHILD_NODE"])).toMatchObject({
      newParentId: 1,
      relation: "CHILD_NODE",
      index: 1,
      beforeId: 3,
    });
  });

  it("cannot outdent the page's own children", () => {
    expect(planOutdent(rows, rowOf(rows, 3), undefined)).toBeNull();
  });
});

describe("planEnter", () => {
  const at = (text: string, start: number, end = start, openWithChildren = false) =>
    planEnter({ text, selectionStart: start, selectionEnd: end, openWithChildren });

  it("adds an empty sibling after a row when the caret is at the end", () => {
    expect(at("知识", 2)).toEqual({ kind: "after", keep: "知识", carry: "" });
    expect(at("", 0)).toEqual({ kind: "after", keep: "", carry: "" });
  });

  it("splits the name at the caret, dropping a selection", () => {
    expect(at("知识树", 2)).toEqual({ kind: "after", keep: "知识", carry: "树" });
    expect(at("abcdef", 2, 4)).toEqual({ kind: "after", keep: "ab", carry: "ef" });
  });

  it("opens an empty row above when the caret is at the start of a name", () => {
    expect(at("知识", 0)).toEqual({ kind: "before" });
  });

  it("makes the new row the first child of an open row with children", () => {
    expect(at("知识", 2, 2, true)).toEqual({ kind: "firstChild", keep: "知识", carry: "" });
    expect(at("知识", 1, 1, true)).toEqual({ kind: "after", keep: "知", carry: "识" });
  });
});
