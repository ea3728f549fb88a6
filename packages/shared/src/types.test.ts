import { expect, it } from "vitest";
import { isNodeType, NODE_TYPES } from "./types";

it("knows the spec's 31 node types and nothing else", () => {
  expect(NODE_TYPES).toHaveLength(31);
  expect(new Set(NODE_TYPES).size).toBe(31);
  expect(isNodeType("CONCEPT")).toBe(true);
  expect(isNodeType("concept")).toBe(false);
  expect(isNodeType("ATTR")).toBe(false);
});
