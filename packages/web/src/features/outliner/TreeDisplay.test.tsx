import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { upsertNodes } from "../../entities/dnode/store";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { stubTreeLayout } from "../../test-support/outliner";
import { WHEEL_STEP_MS } from "./levels";
import { resetOutline } from "./store";
import { VIEW_STATUS_KEY } from "./view-status";

/** The tree display features of a node page: levels, the content view, info tags, view-descendants. */

let server: FakeServer;
let now = 1_000_000;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  vi.spyOn(Date, "now").mockImplementation(() => now);
  // 知识树 ─ 甲 ─ 甲一 ─ 甲一一
  //        └ 乙 ─ 乙一
  server = new FakeServer();
  server
    .add(1, "知识树", { type: "DIR" })
    .add(2, "甲", { parent: 1, content: { text: "<p>第一段</p><p>第二段 &amp; 更多</p>" } })
    .add(3, "乙", { parent: 1, info: { relevance: 85, reason: "同一作者", xNameV: "内部" } })
    .add(4, "甲一", { parent: 2 })
    .add(5, "甲一一", { parent: 4 })
    .add(6, "乙一", { parent: 3, info: { reason: "例子" } });
  server.install();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const names = () =>
  (screen.queryAllByRole("textbox", { name: "知识点名称" }) as HTMLTextAreaElement[]).map((e) => e.value);
const rootStatus = (viewId = "$$/1") =>
  JSON.parse(localStorage.getItem(VIEW_STATUS_KEY) ?? "{}")[viewId] as Record<string, unknown> | undefined;

/** One Ctrl+wheel notch, a while after the last one; returns false when the browser's zoom was stopped. */
function notch(deltaY: number, ctrlKey = true): boolean {
  now += WHEEL_STEP_MS;
  return fireEvent.wheel(screen.getByRole("tree"), { deltaY, ctrlKey });
}

async function shown(expected: string[]) {
  await waitFor(() => expect(names()).toEqual(expected));
}

describe("levels by Ctrl+wheel and Ctrl+Alt+↑/↓", () => {
  it("opens one level per notch (children loaded in one batch), closes the deepest, and keeps the level", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);

    expect(notch(-100)).toBe(false);
    await shown(["甲", "甲一", "乙", "乙一"]);
    const batches = server.callsTo("GET", /batch_relations_with_data/);
    expect(batches.map((c) => c.query.get("node_ids"))).toEqual(["2,3"]);
    expect(rootStatus()).toEqual({ extraLevels: 1 });

    // A second event of the same notch (a trackpad sends many) is no second level.
    expect(fireEvent.wheel(screen.getByRole("tree"), { deltaY: -30, ctrlKey: true })).toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(names()).toEqual(["甲", "甲一", "乙", "乙一"]);
    expect(rootStatus()).toEqual({ extraLevels: 1 });
    notch(-100);
    await shown(["甲", "甲一", "甲一一", "乙", "乙一"]);
    expect(rootStatus()).toEqual({ extraLevels: 2 });

    notch(100);
    await shown(["甲", "甲一", "乙", "乙一"]);
    expect(rootStatus()).toEqual({ extraLevels: 1 });
    notch(100);
    await shown(["甲", "乙"]);
    expect(rootStatus()).toBeUndefined();
  });

  it("lets a plain wheel scroll", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    expect(notch(-100, false)).toBe(true);
    expect(names()).toEqual(["甲", "乙"]);
  });

  it("does the same from the keyboard", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    const editor = screen.getByDisplayValue("甲");
    fireEvent.keyDown(editor, { key: "ArrowDown", ctrlKey: true, altKey: true });
    await shown(["甲", "甲一", "乙", "乙一"]);
    fireEvent.keyDown(screen.getByDisplayValue("甲"), { key: "ArrowUp", ctrlKey: true, altKey: true });
    await shown(["甲", "乙"]);
  });

  it("zooms out to the parent's page when nothing is open below the page's children", async () => {
    const router = renderNodePage("/data/2");
    await shown(["甲一"]);
    notch(100);
    await waitFor(() => expect(router.state.location.pathname).toBe("/data/1"));
    await shown(["甲", "乙"]);
  });

  it("does not zoom out to a parent the person may not read", async () => {
    const router = renderNodePage("/data/2");
    await shown(["甲一"]);
    act(() =>
      upsertNodes([
        {
          id: 1,
          name: "",
          type: "DIR",
          content: {},
          parent_id: null,
          main_relation: null,
          owner_id: 1,
          relations: {},
          locked: true,
          permissions: { read: false, write: false, admin: false },
        },
      ]),
    );
    notch(100);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(router.state.location.pathname).toBe("/data/2");
  });
});

describe("the content view", () => {
  it("shows each row's text as plain lines under its name, and is kept for the page", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    expect(document.querySelector(".ol-text")).toBeNull();

    fireEvent.click(screen.getByText("内容"));
    const text = await waitFor(() => {
      const el = document.querySelector(".ol-text");
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(text.textContent).toBe("第一段\n第二段 & 更多");
    expect(text.querySelector("p")).toBeNull();
    expect(rootStatus()).toEqual({ viewType: "CONTENTDNODE" });

    // A reload keeps it.
    cleanup();
    resetOutline();
    renderNodePage();
    await shown(["甲", "乙"]);
    await waitFor(() => expect(document.querySelector(".ol-text")).not.toBeNull());

    fireEvent.click(screen.getByText("大纲"));
    await waitFor(() => expect(document.querySelector(".ol-text")).toBeNull());
    expect(rootStatus()).toBeUndefined();
  });

  it("已选 shows the ticked rows with the rows leading to them, keeps rows made there, copies only those, and says what to do when none are", async () => {
    localStorage.setItem(VIEW_STATUS_KEY, JSON.stringify({ "1:CHILD_NODE/2": { expanded: true } }));
    resetOutline();
    renderNodePage();
    await shown(["甲", "甲一", "乙"]);
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "选择「甲一」" }));
    fireEvent.click(screen.getByText("已选"));
    await shown(["甲", "甲一"]);
    expect(rootStatus()).toEqual({ viewType: "SELECTEDNODE" });
    // Not the tree: 查看子孙节点 is offered, as in the content view.
    fireEvent.mouseEnter(screen.getByRole("link", { name: "打开「甲」" }));
    expect(await screen.findByRole("button", { name: "查看子孙节点" })).toBeTruthy();
    // A row made here with Enter joins the selection, so it stays once typed in.
    const editor = (name: string) =>
      (screen.getAllByRole("textbox", { name: "知识点名称" }) as HTMLTextAreaElement[]).find(
        (e) => e.value === name,
      )!;
    editor("甲一").focus();
    editor("甲一").setSelectionRange(2, 2);
    fireEvent.keyDown(editor("甲一"), { key: "Enter", keyCode: 13 });
    fireEvent.change(editor(""), { target: { value: "甲二", selectionStart: 2, selectionEnd: 2 } });
    fireEvent.blur(editor("甲二"));
    await shown(["甲", "甲一", "甲二"]);
    expect((screen.getByRole("checkbox", { name: "选择「甲二」" }) as HTMLInputElement).checked).toBe(true);
    // Copying the tree as text copies what the view shows.
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole("button", { name: "复制" }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0]).toEqual([expect.not.stringContaining("乙")]);
    expect(writeText.mock.calls[0]).toEqual([expect.stringContaining("甲一")]);
    // Leaving selecting forgets the ticks: the view says what to do.
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    await waitFor(() => expect(names()).toEqual([]));
    expect(screen.getByText(/还没有勾选的节点/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "回到大纲" }));
    await shown(["甲", "甲一", "甲二", "乙"]);
    expect(rootStatus()).toBeUndefined();
  });

  it("offers 查看子孙节点 on a row with children: back to the tree with the row opened", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    fireEvent.click(screen.getByText("内容"));
    fireEvent.mouseEnter(screen.getByRole("link", { name: "打开「甲」" }));
    fireEvent.click(await screen.findByRole("button", { name: "查看子孙节点" }));
    await shown(["甲", "甲一", "乙"]);
    expect(document.querySelector(".ol-text")).toBeNull();
    expect(rootStatus()).toBeUndefined();
  });

  it("does not offer it in the tree view", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    fireEvent.mouseEnter(screen.getByRole("link", { name: "打开「甲」" }));
    expect(await screen.findByText("ID: 2")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "查看子孙节点" })).toBeNull();
  });
});

describe("relation info tags", () => {
  it("show relevance as a percentage and the reason, not internal keys, on page and opened rows", async () => {
    renderNodePage();
    await shown(["甲", "乙"]);
    const relevance = await screen.findByText("相关度：85%");
    expect(relevance.closest(".ant-tag")?.className).toContain("blue");
    expect(screen.getByText("同一作者").closest(".ant-tag")?.className).toContain("green");
    expect(screen.queryByText(/内部/)).toBeNull();

    notch(-100);
    expect(await screen.findByText("例子")).toBeTruthy();
  });
});
