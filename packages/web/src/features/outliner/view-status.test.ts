import { beforeEach, describe, expect, it } from "vitest";
import {
  MAX_VIEW_STATUSES,
  readViewStatuses,
  VIEW_STATUS_KEY,
  withoutChildrenOf,
  withRenamedNode,
  withStatus,
  withStatuses,
  writeViewStatuses,
} from "./view-status";

beforeEach(() => localStorage.clear());

describe("view statuses in local storage", () => {
  it("stores expansion under dnodeViewStatuses keyed by view id and reads it back", () => {
    const statuses = withStatus({}, "1:CHILD_NODE/2", { expanded: true });
    writeViewStatuses(statuses);
    expect(JSON.parse(localStorage.getItem(VIEW_STATUS_KEY)!)).toEqual({
      "1:CHILD_NODE/2": { expanded: true },
    });
    expect(readViewStatuses()).toEqual({ "1:CHILD_NODE/2": { expanded: true } });
  });

  it("refuses to store a state under an invalid view id", () => {
    expect(() => withStatus({}, "no-slash", { expanded: true })).toThrow();
    expect(() => withStatus({}, "root/3", { expanded: true })).toThrow();
  });

  it("drops a status that became empty instead of storing expanded: false", () => {
    const open = withStatus({}, "1:CHILD_NODE/2", { expanded: true });
    expect(withStatus(open, "1:CHILD_NODE/2", { expanded: false })).toEqual({});
  });

  it("ignores garbage and bad view ids in storage", () => {
    localStorage.setItem(VIEW_STATUS_KEY, "{not json");
    expect(readViewStatuses()).toEqual({});
    localStorage.setItem(
      VIEW_STATUS_KEY,
      JSON.stringify({ bad: { expanded: true }, "1:NOTE/2": { expanded: true }, "3:NOTE/4": 5 }),
    );
    expect(readViewStatuses()).toEqual({ "1:NOTE/2": { expanded: true } });
  });

  it("clears the states of rows under collapsed parents only", () => {
    let s = withStatus({}, "1:CHILD_NODE/2", { expanded: true });
    s = withStatus(s, "2:CHILD_NODE/3", { expanded: true });
    s = withStatus(s, "9:CHILD_NODE/10", { expanded: true });
    s = withStatus(s, "$$/2", { collapsedGroups: ["NOTE"] });
    expect(Object.keys(withoutChildrenOf(s, new Set([2])))).toEqual([
      "1:CHILD_NODE/2",
      "9:CHILD_NODE/10",
      "$$/2",
    ]);
  });

  it("renames a temporary id to the saved one in parent and node positions", () => {
    let s = withStatus({}, "1:CHILD_NODE/-1", { expanded: true });
    s = withStatus(s, "-1:CHILD_NODE/-2", { expanded: true });
    expect(withRenamedNode(s, -1, 50)).toEqual({
      "1:CHILD_NODE/50": { expanded: true },
      "50:CHILD_NODE/-2": { expanded: true },
    });
  });

  it("keeps only the most recently touched states", () => {
    const s: Record<string, { expanded: boolean }> = {};
    for (let i = 0; i < MAX_VIEW_STATUSES + 10; i++) s[`1:CHILD_NODE/${i}`] = { expanded: true };
    writeViewStatuses(s);
    const stored = readViewStatuses();
    expect(Object.keys(stored)).toHaveLength(MAX_VIEW_STATUSES);
    expect(stored["1:CHILD_NODE/0"]).toBeUndefined();
    expect(stored[`1:CHILD_NODE/${MAX_VIEW_STATUSES + 9}`]).toEqual({ expanded: true });
  });
});

describe("a page's levels and view type", () => {
  it("keeps extra levels and the content view on the page's root view id, dropping the defaults", () => {
    let statuses = withStatus({}, "$$/1", { extraLevels: 2, viewType: "CONTENTDNODE" });
    expect(statuses).toEqual({ "$$/1": { extraLevels: 2, viewType: "CONTENTDNODE" } });
    statuses = withStatus(statuses, "$$/1", { viewType: "TREEDNODE" });
    expect(statuses).toEqual({ "$$/1": { extraLevels: 2 } });
    expect(withStatus(statuses, "$$/1", { extraLevels: 0 })).toEqual({});
  });

  it("changes many rows at once, re-inserting them last", () => {
    const before = withStatus(withStatus({}, "1:CHILD_NODE/2", { expanded: true }), "$$/1", {
      extraLevels: 1,
    });
    const after = withStatuses(before, [
      ["1:CHILD_NODE/2", { expanded: false }],
      ["1:CHILD_NODE/3", { expanded: true }],
    ]);
    expect(Object.keys(after)).toEqual(["$$/1", "1:CHILD_NODE/3"]);
    expect(() => withStatuses({}, [["bad", { expanded: true }]])).toThrow();
  });
});
