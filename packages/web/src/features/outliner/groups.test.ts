import { describe, expect, it } from "vitest";
import { childRelationOf, forwardGroups, isGrouped } from "./groups";

const group = (size: number) => ({ size, head: [], dict: {} });

describe("relation groups of a node page", () => {
  it("lists forward groups in the spec's default order, unknown ones last, reverse ones never", () => {
    const node = {
      type: "NOTE",
      relations: {
        CHILD_NODE: group(3),
        pv_12: group(1),
        NOTE: group(2),
        REFERENCE: group(1),
        x__CHILD_NODE: group(1),
        inheritances: group(4),
      },
    };
    expect(forwardGroups(node)).toEqual(["REFERENCE", "NOTE", "CHILD_NODE", "pv_12"]);
  });

  it("uses the concept order for concepts", () => {
    const node = { type: "CONCEPT", relations: { CHILD_NODE: group(1), DEF: group(1), METHOD: group(1) } };
    expect(forwardGroups(node)).toEqual(["DEF", "METHOD", "CHILD_NODE"]);
  });

  it("always offers the node's own child relation, even when empty", () => {
    expect(forwardGroups({ type: "DIR", relations: {} })).toEqual(["CHILD_NODE"]);
    expect(forwardGroups({ type: "USER", relations: { FAVOR: group(2) } })).toEqual(["CHILD_NODE", "FAVOR"]);
    expect(forwardGroups({ type: "NOTE", relations: { NOTE: group(0) } })).toEqual(["CHILD_NODE"]);
  });

  it("hangs children by CHILD_NODE, under a user root too", () => {
    expect(childRelationOf("USER")).toBe("CHILD_NODE");
    expect(childRelationOf("DEF")).toBe("CHILD_NODE");
  });

  it("lists a user root's trees once: home's USER_ROOT cards are not a second list of the same trees", () => {
    const root = { type: "USER", relations: { USER_ROOT: group(3), CHILD_NODE: group(4), FAVOR: group(1) } };
    expect(forwardGroups(root)).toEqual(["CHILD_NODE", "FAVOR"]);
  });

  it("groups only with 3+ kinds and more than 30 nodes", () => {
    expect(isGrouped([10, 10, 11])).toBe(true);
    expect(isGrouped([10, 10, 10])).toBe(false);
    expect(isGrouped([100, 100])).toBe(false);
  });
});
