import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { editorOf, names, rowOf, settled, stubTreeLayout, typeName } from "../../test-support/outliner";

let server: FakeServer;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "知识树", { type: "DIR" });
  server.add(2, "宋", { parent: 1 }).add(3, "元", { parent: 1 });
  server.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const press = (key: string, mods: { ctrlKey?: boolean; shiftKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement!, { key, keyCode: key === "Tab" ? 9 : 0, ...mods });
const undo = () => press("z", { ctrlKey: true });
const redo = () => press("Z", { ctrlKey: true, shiftKey: true });

async function ready() {
  renderNodePage();
  await waitFor(() => expect(names()).toEqual(["宋", "元"]));
}

describe("undo and redo in the outliner", () => {
  it("undoes a Tab before the typing that came first, then the typing as one run", async () => {
    await ready();
    const second = editorOf("元");
    second.focus();
    // One run of typing: no pause, no word end.
    typeName(second, "元朝");
    typeName(editorOf("元朝"), "元朝史");
    press("Tab");
    await waitFor(() => expect(rowOf("元朝史").getAttribute("aria-level")).toBe("2"));

    undo();
    await waitFor(() => expect(rowOf("元朝史").getAttribute("aria-level")).toBe("1"));
    await settled();
    expect(server.outline(1)).toEqual(["宋", "元朝史"]);

    undo();
    await waitFor(() => expect(names()).toEqual(["宋", "元"]));
    await settled();
    expect(server.nodes.get(3)?.name).toBe("元");

    redo();
    await waitFor(() => expect(names()).toEqual(["宋", "元朝史"]));
    press("y", { ctrlKey: true });
    await waitFor(() => expect(rowOf("元朝史").getAttribute("aria-level")).toBe("2"));
    await settled();
    expect(server.outline(1)).toEqual([["宋", ["元朝史"]]]);
  });

  it("ends a run of typing at a pause: Ctrl+Z takes back only what came after it", async () => {
    await ready();
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = editorOf("宋");
    first.focus();
    typeName(first, "宋朝");
    vi.setSystemTime(Date.now() + 2000);
    typeName(editorOf("宋朝"), "宋朝史");
    undo();
    await waitFor(() => expect(names()).toEqual(["宋朝", "元"]));
    await settled();
    expect(server.nodes.get(2)?.name).toBe("宋朝");
  });

  it("undoes one input-method commit at a time: each committed word is a step", async () => {
    await ready();
    const first = editorOf("宋");
    first.focus();
    fireEvent.compositionStart(first);
    typeName(first, "宋chao");
    typeName(first, "宋朝");
    fireEvent.compositionEnd(first);
    const el = editorOf("宋朝");
    fireEvent.compositionStart(el);
    typeName(el, "宋朝lishi");
    typeName(el, "宋朝历史");
    fireEvent.compositionEnd(el);
    undo();
    await waitFor(() => expect(names()).toEqual(["宋朝", "元"]));
    undo();
    await waitFor(() => expect(names()).toEqual(["宋", "元"]));
    await settled();
    expect(server.nodes.get(2)?.name).toBe("宋");
  });

  it("takes a new row away and brings it back, with its name", async () => {
    await ready();
    const first = editorOf("宋");
    first.focus();
    first.setSelectionRange(1, 1);
    press("Enter");
    await waitFor(() => expect(names()).toEqual(["宋", "", "元"]));
    typeName(document.activeElement as HTMLTextAreaElement, "明");
    await settled();
    expect(server.outline(1)).toEqual(["宋", "明", "元"]);

    undo(); // the typing
    await waitFor(() => expect(names()).toEqual(["宋", "", "元"]));
    undo(); // the row
    await waitFor(() => expect(names()).toEqual(["宋", "元"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋", "元"]);
    expect(server.bin.size).toBe(1);

    // The caret went to the row above, so the keys still reach the tree.
    expect(document.activeElement).toBe(editorOf("宋"));
    redo();
    redo();
    await waitFor(() => expect(names()).toEqual(["宋", "明", "元"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋", "明", "元"]);
  });

  it("never deletes a row because undo emptied its name", async () => {
    await ready();
    const first = editorOf("宋");
    first.setSelectionRange(1, 1);
    first.focus();
    press("Enter");
    await waitFor(() => expect(names()).toEqual(["宋", "", "元"]));
    const made = document.activeElement as HTMLTextAreaElement;
    typeName(made, "明");
    undo();
    await waitFor(() => expect(names()).toEqual(["宋", "", "元"]));
    fireEvent.blur(made);
    await settled();
    expect(names()).toEqual(["宋", "", "元"]);
    expect(server.callsTo("POST", /delete_batch$/)).toHaveLength(0);
  });

  it("brings back a row deleted with Backspace, and deletes it again on redo", async () => {
    await ready();
    const second = editorOf("元");
    second.focus();
    typeName(second, "");
    press("Backspace");
    await waitFor(() => expect(names()).toEqual(["宋"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋"]);
    // The row comes back as the server kept it: the emptied name was never saved.
    undo();
    await waitFor(() => expect(names()).toEqual(["宋", "元"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋", "元"]);
    redo();
    await waitFor(() => expect(names()).toEqual(["宋"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋"]);
  });

  it("joins a split name again and takes the split-off row away in one step", async () => {
    await ready();
    const first = editorOf("宋");
    first.focus();
    typeName(first, "宋元");
    const typed = editorOf("宋元");
    typed.setSelectionRange(1, 1);
    press("Enter");
    await waitFor(() => expect(names()).toEqual(["宋", "元", "元"]));
    undo();
    await waitFor(() => expect(names()).toEqual(["宋元", "元"]));
    await settled();
    expect(server.outline(1)).toEqual(["宋元", "元"]);
  });
});
