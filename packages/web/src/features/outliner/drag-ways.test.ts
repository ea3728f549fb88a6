import { describe, expect, it } from "vitest";
import { acceptableWays, chooseWay, dropEffectFor, type WayInput, wayFromModifiers } from "./drag-ways";

const keys = (k: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...k,
});

const input = (over: Partial<WayInput> = {}): WayInput => ({
  sourceId: 5,
  sourceRights: { read: true, write: true },
  oldParentId: 1,
  oldParentRights: { read: true, write: true },
  targetParentId: 9,
  targetParentRights: { read: true, write: true },
  targetAncestry: new Set([9, 1]),
  alreadyThere: false,
  sameList: false,
  ontoItself: false,
  ...over,
});

describe("the way the keys ask for", () => {
  it("is refer without keys, move with Ctrl or ⌘, clone with Alt, move_and_refer with both", () => {
    expect(wayFromModifiers(keys())).toBe("refer");
    expect(wayFromModifiers(keys({ ctrlKey: true }))).toBe("move");
    expect(wayFromModifiers(keys({ metaKey: true }))).toBe("move");
    expect(wayFromModifiers(keys({ altKey: true }))).toBe("clone");
    expect(wayFromModifiers(keys({ ctrlKey: true, altKey: true }))).toBe("move_and_refer");
    expect(wayFromModifiers(keys({ metaKey: true, altKey: true }))).toBe("move_and_refer");
  });
});

describe("the acceptable ways of a drop", () => {
  it("are all four with every right, into another list", () => {
    expect(acceptableWays(input())).toEqual(["refer", "move", "clone", "move_and_refer"]);
  });

  it("are none onto the node itself, into itself, or without write on the target parent", () => {
    expect(acceptableWays(input({ ontoItself: true }))).toEqual([]);
    expect(acceptableWays(input({ targetParentId: 5 }))).toEqual([]);
    expect(acceptableWays(input({ targetParentRights: { read: true, write: false } }))).toEqual([]);
  });

  it("leave only clone into the node's own subtree (no link may make a loop)", () => {
    expect(acceptableWays(input({ targetAncestry: new Set([9, 5, 1]) }))).toEqual(["clone"]);
  });

  it("need write on the old parent and the node to move it", () => {
    expect(acceptableWays(input({ oldParentRights: { read: true, write: false } }))).toEqual([
      "refer",
      "clone",
    ]);
    expect(acceptableWays(input({ sourceRights: { read: true, write: false } }))).toEqual(["refer", "clone"]);
  });

  it("need read on the node to refer or clone it", () => {
    expect(acceptableWays(input({ sourceRights: { read: false, write: false } }))).toEqual([]);
  });

  it("within the node's own list: a move reorders; no second link", () => {
    expect(acceptableWays(input({ sameList: true, alreadyThere: true }))).toEqual(["move", "clone"]);
  });

  it("take rights the server did not send as allowed", () => {
    expect(
      acceptableWays(
        input({ sourceRights: undefined, oldParentRights: undefined, targetParentRights: undefined }),
      ),
    ).toHaveLength(4);
  });
});

describe("choosing the way at the drop", () => {
  const all = ["refer", "move", "clone", "move_and_refer"] as const;

  it("takes the asked way when it fits", () => {
    expect(chooseWay(all, keys())).toEqual({ kind: "way", way: "refer" });
    expect(chooseWay(all, keys({ ctrlKey: true }))).toEqual({ kind: "way", way: "move" });
    expect(chooseWay(all, keys({ altKey: true }))).toEqual({ kind: "way", way: "clone" });
  });

  it("takes the only way that fits, and asks when several do but not the asked one", () => {
    expect(chooseWay(["clone"], keys())).toEqual({ kind: "way", way: "clone" });
    // Ctrl asked for a move that cannot be: the person confirms the copy instead of getting one silently.
    expect(chooseWay(["clone"], keys({ ctrlKey: true }))).toEqual({ kind: "pick", ways: ["clone"] });
    expect(chooseWay(["move", "clone"], keys())).toEqual({ kind: "pick", ways: ["move", "clone"] });
  });

  it("reorders without asking when a plain drag stays among the row's siblings; Alt still clones", () => {
    const sibling = ["move", "clone"] as const;
    expect(chooseWay(sibling, keys(), true)).toEqual({ kind: "way", way: "move" });
    expect(chooseWay(sibling, keys({ altKey: true }), true)).toEqual({ kind: "way", way: "clone" });
    expect(chooseWay(["clone"], keys(), true)).toEqual({ kind: "way", way: "clone" });
    expect(dropEffectFor(sibling, keys(), true)).toBe("move");
    expect(dropEffectFor(sibling, keys({ altKey: true }), true)).toBe("copy");
  });

  it("refuses when nothing fits", () => {
    expect(chooseWay([], keys({ ctrlKey: true }))).toEqual({ kind: "refused" });
  });

  it("gives dragover feedback: none, move for one way, the asked way's effect among several", () => {
    expect(dropEffectFor([], keys())).toBe("none");
    expect(dropEffectFor(["clone"], keys())).toBe("move");
    expect(dropEffectFor(all, keys())).toBe("link");
    expect(dropEffectFor(all, keys({ altKey: true }))).toBe("copy");
    expect(dropEffectFor(all, keys({ ctrlKey: true }))).toBe("move");
    expect(dropEffectFor(["move", "clone"], keys())).toBe("move");
  });
});
