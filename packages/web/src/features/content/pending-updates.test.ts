import { describe, expect, it } from "vitest";
import { pendingUpdatesOf, previewText, showsPreview } from "./pending-updates";

describe("pendingUpdatesOf", () => {
  it("keeps the well-formed entries of to_updates", () => {
    const good = { id: "a", type: "update", name: "x", content: {} };
    expect(pendingUpdatesOf({ to_updates: [good, { type: "merge" }, null, 3] })).toEqual([good]);
    expect(pendingUpdatesOf({ to_updates: "no" })).toEqual([]);
    expect(pendingUpdatesOf({})).toEqual([]);
  });
});

describe("showsPreview", () => {
  it("previews content only for updates of the node itself", () => {
    expect(showsPreview("update")).toBe(true);
    expect(showsPreview("update_children_and_self")).toBe(true);
    expect(showsPreview("create")).toBe(false);
    expect(showsPreview("delete")).toBe(false);
  });
});

describe("previewText", () => {
  it("reads the plain text of rich text and cuts it with an ellipsis", () => {
    expect(previewText({ text: "<p>宋史 <b>卷一</b></p><p>太祖</p>" })).toBe("宋史 卷一太祖");
    expect(previewText({ text: `<p>${"字".repeat(120)}</p>` }, 100)).toBe(`${"字".repeat(100)}…`);
    expect(previewText({ text: '<img src=x onerror="alert(1)">' })).toBe("");
    expect(previewText(undefined)).toBe("");
  });
});
