import { describe, expect, it } from "vitest";
import { entityOf } from "./use-tab-names";

describe("what names a tab", () => {
  it("a node page and a dialogue page ask for the node; a profile asks for the user", () => {
    expect(entityOf("/data/12")?.path).toBe("/dnode/12");
    expect(entityOf("/dialogue/7")?.path).toBe("/dnode/7");
    expect(entityOf("/user/3")?.path).toBe("/user/3");
    expect(entityOf("/dialogue/7")?.nameOf({ name: "与乙的对话" })).toBe("与乙的对话");
  });

  it("pages without one entity keep their route title", () => {
    expect(entityOf("/messages")).toBeNull();
    expect(entityOf("/data/12/RESOURCE")).toBeNull();
  });
});
