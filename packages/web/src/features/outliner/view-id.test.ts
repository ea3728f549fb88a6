import { describe, expect, it } from "vitest";
import { listKey } from "../../entities/dnode/list-key";
import { parseViewId, rootViewId, rowViewId, ViewIdError } from "./view-id";

describe("view ids", () => {
  it("round-trips a row path parent:relation/id", () => {
    const id = rowViewId(12, "CHILD_NODE", 40);
    expect(id).toBe("12:CHILD_NODE/40");
    expect(parseViewId(id)).toEqual({ kind: "row", parentId: 12, relation: "CHILD_NODE", id: 40 });
  });

  it("keeps temporary (negative) ids of rows not yet saved", () => {
    expect(parseViewId(rowViewId(-3, "NOTE", -4))).toEqual({
      kind: "row",
      parentId: -3,
      relation: "NOTE",
      id: -4,
    });
  });

  it("round-trips the root forms, with and without a relation", () => {
    expect(parseViewId(rootViewId(7))).toEqual({ kind: "root", id: 7, relation: null });
    expect(rootViewId(7, "NOTE")).toBe("$$:NOTE/7");
    expect(parseViewId("$$:NOTE/7")).toEqual({ kind: "root", id: 7, relation: "NOTE" });
  });

  it("throws for a view id without a slash", () => {
    expect(() => parseViewId("12:CHILD_NODE:40")).toThrow(ViewIdError);
    expect(() => parseViewId("")).toThrow(/缺少/);
  });

  it("throws for a root form without $$", () => {
    expect(() => parseViewId("root/7")).toThrow(/\$\$/);
    expect(() => parseViewId("/7")).toThrow(ViewIdError);
  });

  it("throws when the node part is not an id", () => {
    expect(() => parseViewId("12:CHILD_NODE/abc")).toThrow(ViewIdError);
  });

  it("keys a child list by parent and relation", () => {
    expect(listKey(5, "CHILD_NODE")).toBe("5:CHILD_NODE");
  });
});
