import { describe, expect, it } from "vitest";
import { flat, ready } from "../../test-support/outliner";
import { firstLineOf, labelledName, outlineAsText } from "./outline-text";

const names: Record<number, string> = { 2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七" };
const nameOf = (id: number) => names[id];

describe("outlineAsText", () => {
  it("indents each visible row two spaces per level under the page's node", () => {
    const rows = flat(
      { "1:CHILD_NODE": ready([2, 3]), "2:CHILD_NODE": ready([4]), "4:CHILD_NODE": ready([5]) },
      ["1:CHILD_NODE/2", "2:CHILD_NODE/4"],
    );
    expect(outlineAsText("根", rows, nameOf)).toBe("根\n  二\n    四\n      五\n  三");
  });

  it("leaves out the children of collapsed rows", () => {
    const lists = { "1:CHILD_NODE": ready([2, 3]), "2:CHILD_NODE": ready([4]), "3:CHILD_NODE": ready([6]) };
    expect(outlineAsText("根", flat(lists, ["1:CHILD_NODE/2"]), nameOf)).toBe("根\n  二\n    四\n  三");
    expect(outlineAsText("根", flat(lists), nameOf)).toBe("根\n  二\n  三");
  });

  it("skips group headers and collapsed groups, keeping the page's children one level in", () => {
    const rows = flat(
      { "1:CHILD_NODE": ready([2]), "1:NOTE": ready([7]), "2:CHILD_NODE": ready([4]) },
      ["1:CHILD_NODE/2"],
      { grouped: true, groups: ["CHILD_NODE", "NOTE"], isGroupCollapsed: (g) => g === "NOTE" },
    );
    expect(outlineAsText("根", rows, nameOf)).toBe("根\n  二\n    四");
  });

  it("is just the node's name when nothing is shown under it", () => {
    expect(outlineAsText("根", flat({ "1:CHILD_NODE": ready([]) }), nameOf)).toBe("根");
  });
});

describe("firstLineOf", () => {
  it("keeps the first line and marks that more was copied", () => {
    expect(firstLineOf("根\n  二")).toBe("根…");
    expect(firstLineOf("根")).toBe("根");
  });
});

describe("labelledName", () => {
  it("puts the type's label or the custom label before the name, so a paste makes the same types", () => {
    expect(labelledName({ type: "DEF", content: {}, name: "朝代" }, "无标题")).toBe("定义：朝代");
    expect(labelledName({ type: "NOTE", content: { custom_prefix: "要点" }, name: "甲" }, "无标题")).toBe(
      "要点：甲",
    );
    expect(labelledName({ type: "NOTE", content: {}, name: "" }, "无标题")).toBe("无标题");
  });
});
