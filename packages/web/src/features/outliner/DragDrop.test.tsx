import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { stubTreeLayout } from "../../test-support/outliner";
import { sharedController } from "./context";

let server: FakeServer;

beforeAll(() => {
  // jsdom lays nothing out: the tree gets a size, every row is 32 px high from y = 0.
  stubTreeLayout(4000);
  const rect = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    if (this.getAttribute("role") !== "treeitem") return rect.call(this);
    return { top: 0, left: 0, right: 800, bottom: 32, width: 800, height: 32, x: 0, y: 0 } as DOMRect;
  });
  // jsdom has no DragEvent: a MouseEvent carries the pointer and the keys; testing-library adds dataTransfer.
  if (!("DragEvent" in window))
    Object.defineProperty(window, "DragEvent", { value: class DragEvent extends MouseEvent {} });
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "知识树", { type: "DIR" });
  server.add(2, "一", { parent: 1 }).add(3, "二", { parent: 1 }).add(4, "三", { parent: 1 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editors = () => screen.queryAllByRole("textbox", { name: "知识点名称" }) as HTMLTextAreaElement[];
const names = () => editors().map((e) => e.value);
const rowOf = (name: string) =>
  editors()
    .find((e) => e.value === name)!
    .closest('[role="treeitem"]') as HTMLElement;
const bulletOf = (name: string) => within(rowOf(name)).getByRole("link", { name: `打开「${name}」` });
const settled = () => act(() => sharedController().core.settled());

/** A DataTransfer as far as the outliner uses it. */
function dataTransfer(files: File[] = []) {
  const data = new Map<string, string>();
  return {
    dropEffect: "none",
    effectAllowed: "all",
    files,
    get types() {
      return files.length ? ["Files"] : [...data.keys()];
    },
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
  };
}

/** Drags one row's bullet onto another row: upper half (y 5) is before it, lower half (y 25) inside it. */
function dragRow(from: string, to: string, at: "before" | "insideLast", keys: Record<string, boolean> = {}) {
  const transfer = dataTransfer();
  fireEvent.dragStart(bulletOf(from), { dataTransfer: transfer });
  const clientY = at === "before" ? 5 : 25;
  const target = rowOf(to);
  fireEvent.dragOver(target, { dataTransfer: transfer, clientY, ...keys });
  const effect = transfer.dropEffect;
  fireEvent.drop(target, { dataTransfer: transfer, clientY, ...keys });
  fireEvent.dragEnd(bulletOf(from), { dataTransfer: transfer });
  return effect;
}

async function ready() {
  server.install();
  renderNodePage();
  await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
}

describe("dragging rows", () => {
  it("moves a row with Ctrl as the last child of the row's lower half", async () => {
    await ready();
    expect(dragRow("三", "一", "insideLast", { ctrlKey: true })).toBe("move");
    await waitFor(() => expect(names()).toEqual(["一", "三", "二"]));
    expect(rowOf("三").getAttribute("aria-level")).toBe("2");
    await settled();
    expect(server.outline(1)).toEqual([["一", ["三"]], "二"]);
    const [move] = server.callsTo("POST", /\/dnode\/move$/);
    expect(move.body).toMatchObject({
      moved_nodes_ids: [4],
      target_node_id: 2,
      way: "move",
      keep_old: false,
    });
  });

  it("refers a row without keys: it stays and appears under the target too", async () => {
    await ready();
    expect(dragRow("三", "一", "insideLast")).toBe("link");
    await waitFor(() => expect(names()).toEqual(["一", "三", "二", "三"]));
    await settled();
    expect(server.outline(1)).toEqual([["一", ["三"]], "二", "三"]);
    expect(server.callsTo("POST", /\/dnode\/refer$/)[0].body).toMatchObject({
      refered_nodes_ids: [4],
      target_node_id: 2,
      location: { position: "insideLast" },
    });
  });

  it("moves before a row with Ctrl, and ignores the same drop event handled twice", async () => {
    await ready();
    const transfer = dataTransfer();
    fireEvent.dragStart(bulletOf("三"), { dataTransfer: transfer });
    const drop = new window.DragEvent("drop", { bubbles: true, cancelable: true, clientY: 5, ctrlKey: true });
    Object.defineProperty(drop, "dataTransfer", { value: transfer });
    fireEvent(rowOf("一"), drop);
    // The very same event again (a second listener seeing it): nothing more happens.
    fireEvent.dragStart(bulletOf("二"), { dataTransfer: transfer });
    fireEvent(rowOf("一"), drop);
    await settled();
    expect(server.callsTo("POST", /\/dnode\/move$/)).toHaveLength(1);
    expect(server.outline(1)).toEqual(["三", "一", "二"]);
    expect(names()).toEqual(["三", "一", "二"]);
  });

  it("refuses a drop into the dragged row itself (dropEffect none, nothing sent)", async () => {
    server.add(5, "一之子", { parent: 2 });
    await ready();
    fireEvent.click(within(rowOf("一")).getByRole("button", { name: "展开" }));
    await waitFor(() => expect(names()).toEqual(["一", "一之子", "二", "三"]));
    // Before 一之子 is inside 一 itself: no way fits. (Inside it, only a copy would.)
    expect(dragRow("一", "一之子", "before", { ctrlKey: true })).toBe("none");
    await settled();
    expect(server.callsTo("POST", /\/dnode\/(move|refer|clone)$/)).toHaveLength(0);
    expect(names()).toEqual(["一", "一之子", "二", "三"]);
  });

  it("reorders siblings on a plain drag without asking (issue 19 item 6)", async () => {
    await ready();
    dragRow("三", "一", "before");
    await settled();
    expect(server.outline(1)).toEqual(["三", "一", "二"]);
    expect(screen.queryByRole("group", { name: "选择拖放方式" })).toBeNull();
  });

  it("offers the ways that fit when the asked one does not, and warns when none is picked", async () => {
    await ready();
    // Moving 三 within its own list and leaving a link there cannot be: moving or copying are left.
    dragRow("三", "一", "before", { ctrlKey: true, altKey: true });
    const picker = await screen.findByRole("group", { name: "选择拖放方式" });
    expect(
      within(picker)
        .getAllByRole("button")
        .map((b) => b.textContent?.replace(/\s/g, "")),
    ).toEqual(["移动", "复制"]);
    fireEvent.click(within(picker).getByRole("button", { name: /移\s*动/ }));
    await settled();
    expect(server.outline(1)).toEqual(["三", "一", "二"]);

    dragRow("一", "三", "before", { ctrlKey: true, altKey: true });
    const again = await screen.findByRole("group", { name: "选择拖放方式" });
    fireEvent.keyDown(within(again).getAllByRole("button")[0], { key: "Escape" });
    expect(await screen.findByText("请选择移动方式")).toBeTruthy();
    await settled();
    expect(server.outline(1)).toEqual(["三", "一", "二"]);
  });

  it("copies with Alt and shows the copy once the server made it", async () => {
    await ready();
    dragRow("二", "三", "insideLast", { altKey: true });
    await settled();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三", "二"]));
    expect(server.outline(1)).toEqual(["一", "二", ["三", ["二"]]]);
  });

  it("moves and leaves a reference with Ctrl+Alt: the row shows in both places", async () => {
    await ready();
    dragRow("三", "一", "insideLast", { ctrlKey: true, altKey: true });
    await waitFor(() => expect(names()).toEqual(["一", "三", "二", "三"]));
    await settled();
    expect(server.callsTo("POST", /\/dnode\/move$/)[0].body).toMatchObject({ way: "move_and_refer" });
    expect(server.outline(1)).toEqual([["一", ["三"]], "二", "三"]);
  });

  it("undoes a move the server refuses, with its reason", async () => {
    await ready();
    server.refuse = { method: "POST", path: /\/dnode\/move$/, status: 400, error: "不行" };
    dragRow("三", "一", "insideLast", { ctrlKey: true });
    expect(await screen.findByText("移动节点失败：不行")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
  });
});

describe("dropping files on a row", () => {
  it("uploads an image and a file and makes IMAGE and FILE nodes under the row", async () => {
    await ready();
    const png = new File([new Uint8Array([137, 80, 78, 71])], "点.png", { type: "image/png" });
    const pdf = new File(["%PDF"], "文.pdf", { type: "application/pdf" });
    const transfer = dataTransfer([png, pdf]);
    fireEvent.dragOver(rowOf("二"), { dataTransfer: transfer, clientY: 5 });
    expect(transfer.dropEffect).toBe("copy");
    fireEvent.drop(rowOf("二"), { dataTransfer: transfer, clientY: 5 });
    expect(await screen.findByText("成功添加 2 个文件节点")).toBeTruthy();
    expect(server.callsTo("POST", /\/upload\/$/)).toHaveLength(1);
    expect(server.callsTo("POST", /\/upload_file\/$/)).toHaveLength(1);
    expect((server.callsTo("POST", /\/upload\/$/)[0].body as FormData).get("image")).toBeInstanceOf(File);
    const creates = server.callsTo("POST", /\/dnode\/create\/$/).map((c) => c.body);
    expect(creates).toEqual([
      expect.objectContaining({
        type: "IMAGE",
        name: "点.png",
        location_id: 3,
        relation_name: "CHILD_NODE",
        content: { image_path: "images/2026/01/点.png", original_name: "点.png" },
      }),
      expect.objectContaining({
        type: "FILE",
        content: expect.objectContaining({
          file_path: "files/2026/01/文.pdf",
          file_type: "pdf",
          mime_type: "application/pdf",
        }),
      }),
    ]);
    await waitFor(() => expect(names()).toEqual(["一", "二", "点.png", "文.pdf", "三"]));
  });

  it("says 添加文件节点失败 when the upload is refused", async () => {
    await ready();
    server.refuse = { method: "POST", path: /\/upload\/$/, status: 400, error: "只支持图片" };
    const png = new File([new Uint8Array([1])], "坏.png", { type: "image/png" });
    fireEvent.drop(rowOf("二"), { dataTransfer: dataTransfer([png]), clientY: 5 });
    expect(await screen.findByText("添加文件节点失败：只支持图片")).toBeTruthy();
    expect(server.callsTo("POST", /\/dnode\/create\/$/)).toHaveLength(0);
  });
});

describe("selecting rows", () => {
  it("ticks rows in selecting status and deletes them with Delete in one call", async () => {
    await ready();
    expect(screen.queryByRole("checkbox")).toBeNull();
    const toggle = screen.getByRole("button", { name: "选择" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("checkbox", { name: "选择「一」" }));
    // Space on a selected row ticks it: the keyboard way.
    fireEvent.keyDown(rowOf("三"), { key: " " });
    expect((screen.getByRole("checkbox", { name: "选择「三」" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(rowOf("三"), { key: "Delete" });
    // Two rows: asked first, with 取消 focused so a stray Enter deletes nothing.
    const ask = await screen.findByRole("dialog");
    expect(ask.textContent).toContain("删除 2 个节点？");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(server.callsTo("POST", /delete_batch$/)).toHaveLength(0);
    fireEvent.click(within(ask).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(names()).toEqual(["二"]));
    await settled();
    expect(server.callsTo("POST", /delete_batch$/).map((c) => c.body)).toEqual([{ ids: [2, 4] }]);
    expect(server.outline(1)).toEqual(["二"]);

    // The message offers 撤销: both come back where they were, on screen and on the server.
    expect(await screen.findByText("已删除 2 个节点")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "撤销" }));
    expect(await screen.findByText("已恢复")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
    expect(server.outline(1)).toEqual(["一", "二", "三"]);
  });

  it("deletes nothing when the question is answered 取消", async () => {
    await ready();
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    fireEvent.keyDown(rowOf("一"), { key: " " });
    fireEvent.keyDown(rowOf("二"), { key: " " });
    fireEvent.keyDown(rowOf("二"), { key: "Delete" });
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /^取\s?消$/ }));
    await settled();
    expect(names()).toEqual(["一", "二", "三"]);
    expect(server.callsTo("POST", /delete_batch$/)).toHaveLength(0);
  });

  it("puts deleted rows back when the server refuses, and forgets ticks when selecting ends", async () => {
    await ready();
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    fireEvent.keyDown(rowOf("一"), { key: " " });
    fireEvent.keyDown(rowOf("二"), { key: " " });
    server.refuse = { method: "POST", path: /delete_batch$/, status: 403, error: "没有权限" };
    fireEvent.keyDown(rowOf("二"), { key: "Delete" });
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "删除" }));
    expect(await screen.findByText("删除失败：没有权限")).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
    fireEvent.keyDown(rowOf("一"), { key: " " });
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    expect(screen.queryByRole("checkbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    expect(screen.getAllByRole("checkbox").every((c) => !(c as HTMLInputElement).checked)).toBe(true);
  });

  it("cuts ticked rows with Ctrl+X and pastes them under a row with Ctrl+V", async () => {
    await ready();
    fireEvent.click(screen.getByRole("button", { name: "选择" }));
    fireEvent.keyDown(rowOf("二"), { key: " " });
    fireEvent.keyDown(rowOf("三"), { key: " " });
    // Ctrl+X is the browser's cut event, fired where the focus is; the rows go to the clipboard as text too.
    rowOf("三").focus();
    const clipboard = new Map<string, string>();
    fireEvent.cut(rowOf("三"), {
      clipboardData: { setData: (type: string, text: string) => clipboard.set(type, text) },
    });
    expect(await screen.findByText(/已剪切 2 个节点/)).toBeTruthy();
    expect(clipboard.get("text/plain")).toBe("二\n三");
    fireEvent.keyDown(rowOf("一"), { key: "v", ctrlKey: true });
    await settled();
    expect(server.outline(1)).toEqual([["一", ["二", "三"]]]);
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
    expect(rowOf("二").getAttribute("aria-level")).toBe("2");
  });
});
