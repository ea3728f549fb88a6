import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { editorOf, names, rowOf, settled, stubTreeLayout } from "../../test-support/outliner";

let server: FakeServer;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "知识树", { type: "DIR" });
  server.add(2, "一", { parent: 1 }).add(3, "二", { parent: 1 }).add(4, "二甲", { parent: 3 });
  server.install();
});

afterEach(() => cleanup());

/** Puts the caret in a name at an offset. */
function caretAt(name: string, offset: number): HTMLTextAreaElement {
  const el = editorOf(name);
  el.focus();
  el.setSelectionRange(offset, offset);
  return el;
}

describe("merging rows and selecting rows by keyboard", () => {
  it("does nothing while an input method composes: no merge, no row selection", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const el = caretAt("二", 0);
    fireEvent.compositionStart(el);
    fireEvent.keyDown(el, { key: "Backspace", keyCode: 8 });
    fireEvent.keyDown(el, { key: "ArrowUp", shiftKey: true, keyCode: 38 });
    fireEvent.compositionEnd(el);
    fireEvent.keyDown(el, { key: "Backspace", keyCode: 229 });
    fireEvent.keyDown(caretAt("一", 1), { key: "Delete", keyCode: 46, isComposing: true });
    await settled();
    expect(names()).toEqual(["一", "二"]);
    expect(document.querySelectorAll(".ol-row-ticked")).toHaveLength(0);
    // (The end of the composition saves the committed name, as typing does: no other call.)
    expect(server.callsTo("POST", /create|move|delete_batch/)).toEqual([]);
  });

  it("merges a row with children into the row above and splits them back with Ctrl+Z", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const el = caretAt("二", 0);
    fireEvent.keyDown(el, { key: "Backspace", keyCode: 8 });
    await waitFor(() => expect(names()).toEqual(["一二", "二甲"]));
    expect(rowOf("二甲").getAttribute("aria-level")).toBe("2");
    await settled();
    expect(server.outline(1)).toEqual([["一二", ["二甲"]]]);
    fireEvent.keyDown(document.activeElement!, { key: "z", ctrlKey: true });
    await settled();
    await waitFor(() => expect(server.outline(1)).toEqual(["一", ["二", ["二甲"]]]));
  });

  it("says why a merge into a formula cannot be", async () => {
    server.add(5, "x^2", { parent: 1, type: "EX" }).add(6, "后", { parent: 1 });
    renderNodePage();
    await waitFor(() => expect(names()).toContain("后"));
    fireEvent.keyDown(caretAt("后", 0), { key: "Backspace", keyCode: 8 });
    expect(await screen.findByText("上一行是公式，不能合并")).toBeTruthy();
  });
});
