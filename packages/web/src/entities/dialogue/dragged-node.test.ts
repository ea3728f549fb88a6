import { describe, expect, it } from "vitest";
import { draggedNodeId, mayCarryNode } from "./dragged-node";

const drag = (data: Record<string, string>) => ({
  types: Object.keys(data),
  getData: (type: string) => data[type] ?? "",
});

describe("the node a drag carries", () => {
  it("reads an outliner row, a row's /data/ link text and a home card's id", () => {
    expect(draggedNodeId(drag({ "application/x-zhishu-row": JSON.stringify({ id: 12, key: "k" }) }))).toBe(
      12,
    );
    expect(draggedNodeId(drag({ "text/plain": "/data/34" }))).toBe(34);
    expect(draggedNodeId(drag({ "text/plain": "56" }))).toBe(56);
  });

  it("carries no node for other text, files or a broken row", () => {
    expect(draggedNodeId(drag({ "text/plain": "一段文字" }))).toBeNull();
    expect(draggedNodeId(drag({ "text/plain": "/data/abc" }))).toBeNull();
    expect(draggedNodeId(drag({ "application/x-zhishu-row": "{" }))).toBeNull();
    expect(mayCarryNode(["Files", "text/plain"])).toBe(false);
    expect(mayCarryNode(["application/x-zhishu-row"])).toBe(true);
  });
});
