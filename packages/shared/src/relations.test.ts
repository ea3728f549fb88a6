import { describe, expect, it } from "vitest";
import {
  customPropertyRelationId,
  isStorableRelationName,
  parseRelationKey,
  SYSTEM_RELATIONS,
} from "./relations";

describe("relation names", () => {
  it("lists the spec's 48 system relations", () => expect(SYSTEM_RELATIONS).toHaveLength(48));
  it("stores system names and pv_ names but not virtual or unknown ones", () => {
    expect(isStorableRelationName("CHILD_NODE")).toBe(true);
    expect(isStorableRelationName("pv_12")).toBe(true);
    expect(isStorableRelationName("STEP_SYSTEM_METHOD")).toBe(false);
    expect(isStorableRelationName("child_node")).toBe(false);
    expect(isStorableRelationName("pv_0")).toBe(false);
    expect(isStorableRelationName("pv_")).toBe(false);
  });
  it("reads the relation id of a custom property", () => {
    expect(customPropertyRelationId("pv_42")).toBe(42);
    expect(customPropertyRelationId("PROPERTY")).toBeNull();
  });
  it("tells the x side by its prefix", () => {
    expect(parseRelationKey("x__CHILD_NODE")).toEqual({ name: "CHILD_NODE", side: "x" });
    expect(parseRelationKey("NOTE")).toEqual({ name: "NOTE", side: "y" });
  });
});
