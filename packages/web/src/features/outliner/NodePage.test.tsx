import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import {
  editorOf,
  editors,
  names,
  rowOf,
  settled,
  stubTreeLayout,
  typeName,
} from "../../test-support/outliner";
import { VIEW_STATUS_KEY } from "./view-status";

let server: FakeServer;

// jsdom lays nothing out: give the tree's scroll box a size so the virtualiser renders rows.
beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "知识树", { type: "DIR" });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the node page", () => {
  it("shows the node's name, its type label and its children as a tree", async () => {
    server.add(2, "根", { parent: 1, type: "DEF" }).add(3, "叶", { parent: 1 });
    server.install();
    renderNodePage();
    expect(await screen.findByRole("heading", { name: /知识树/ })).toBeTruthy();
    const tree = await screen.findByRole("tree", { name: "「知识树」的子节点" });
    await waitFor(() => expect(names()).toEqual(["根", "叶"]));
    const first = rowOf("根");
    expect(first.getAttribute("aria-level")).toBe("1");
    expect(first.getAttribute("aria-posinset")).toBe("1");
    expect(first.getAttribute("aria-setsize")).toBe("2");
    expect(first.getAttribute("aria-selected")).toBe("false");
    expect(within(first).getByTitle("类型：DEF").textContent).toBe("定义");
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(2);
    expect(within(first).getByRole("link", { name: "打开「根」" }).getAttribute("href")).toBe("/data/2");
  });

  it("shows a skeleton while loading, then the spec's messages for 403, 404 and no answer", async () => {
    server.fetchErrors.set(1, 403);
    server.install();
    renderNodePage();
    expect(screen.getByLabelText("加载中...")).toBeTruthy();
    expect(await screen.findByText("你没有权限访问该知识点，请联系知识树的主人授权访问")).toBeTruthy();
    cleanup();
    renderNodePage("/data/77");
    expect(await screen.findByText("该知识点不存在，可能已被删除")).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    renderNodePage("/data/5");
    // A lost answer is asked once more (after react-query's retry delay) before the message shows.
    expect(await screen.findByText("网络错误，请稍后重试", undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "重试" })).toBeTruthy();
  });

  it("loads children 40 at a time with 加载更多", async () => {
    for (let i = 0; i < 45; i++) server.add(100 + i, `子${i}`, { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(editors()).toHaveLength(40));
    fireEvent.click(screen.getByRole("button", { name: "加载更多（还有 5 个）" }));
    await waitFor(() => expect(editors()).toHaveLength(45));
    expect(names().at(-1)).toBe("子44");
    expect(screen.queryByRole("button", { name: /加载更多/ })).toBeNull();
    const pages = server.callsTo("GET", /relations_with_data/).map((c) => c.query.get("relation_pages"));
    expect(pages).toEqual(["{}", '{"CHILD_NODE":2}']);
  });

  it("opens and closes a row, loading its children lazily and remembering it under dnodeViewStatuses", async () => {
    server.add(2, "父", { parent: 1 }).add(3, "子", { parent: 2 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["父"]));
    const parent = rowOf("父");
    expect(parent.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(within(parent).getByRole("button", { name: "展开" }));
    await waitFor(() => expect(names()).toEqual(["父", "子"]));
    expect(rowOf("子").getAttribute("aria-level")).toBe("2");
    expect(rowOf("父").getAttribute("aria-expanded")).toBe("true");
    expect(server.callsTo("GET", /batch_relations_with_data/)[0].query.get("node_ids")).toBe("2");
    expect(JSON.parse(localStorage.getItem(VIEW_STATUS_KEY)!)).toEqual({
      "1:CHILD_NODE/2": { expanded: true },
    });
    fireEvent.click(within(rowOf("父")).getByRole("button", { name: "收起" }));
    await waitFor(() => expect(names()).toEqual(["父"]));
    expect(JSON.parse(localStorage.getItem(VIEW_STATUS_KEY)!)).toEqual({});
  });

  it("shows only one relation group on /data/:id/:relationName", async () => {
    server.add(2, "笔记一", { parent: 1, relation: "NOTE" }).add(3, "孩子", { parent: 1 });
    server.install();
    renderNodePage("/data/1/NOTE");
    await waitFor(() => expect(names()).toEqual(["笔记一"]));
    expect(screen.getByRole("heading", { name: "目录 知识树 · 笔记" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "返回知识点" }).getAttribute("href")).toBe("/data/1");
  });
});

describe("groups and keyboard-only use", () => {
  it("puts 3+ relation kinds with over 30 nodes under collapsible headers linking to their pages", async () => {
    for (let i = 0; i < 20; i++) server.add(100 + i, `子${i}`, { parent: 1 });
    for (let i = 0; i < 8; i++) server.add(200 + i, `笔记${i}`, { parent: 1, relation: "NOTE" });
    for (let i = 0; i < 5; i++) server.add(300 + i, `引用${i}`, { parent: 1, relation: "REFERENCE" });
    server.install();
    renderNodePage();
    const note = await screen.findByRole("treeitem", { name: "笔记" });
    const headers = screen.getAllByRole("treeitem").filter((r) => r.classList.contains("ol-group"));
    expect(headers.map((h) => h.getAttribute("aria-label"))).toEqual(["引用", "笔记", "子节点"]);
    expect(within(note).getByRole("link", { name: "笔记" }).getAttribute("href")).toBe("/data/1/NOTE");
    await waitFor(() => expect(names()).toHaveLength(33));
    expect(rowOf("笔记0").getAttribute("aria-level")).toBe("2");
    fireEvent.click(within(note).getByRole("button", { name: "收起笔记" }));
    expect(note.getAttribute("aria-expanded")).toBe("false");
    expect(within(note).getByText("8")).toBeTruthy();
    expect(names()).toHaveLength(25);
  });

  it("Escape leaves the name for the row, where arrows, Ctrl+↓ and Enter work without a mouse", async () => {
    server.add(2, "父", { parent: 1 }).add(3, "子", { parent: 2 }).add(4, "邻", { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["父", "邻"]));
    // Tab from outside lands on the first row's name; no other row is in the tab order.
    expect(editors().map((e) => e.tabIndex)).toEqual([0, -1]);
    const parent = editorOf("父");
    parent.focus();
    fireEvent.keyDown(parent, { key: "ArrowDown", ctrlKey: true });
    await waitFor(() => expect(names()).toEqual(["父", "子", "邻"]));
    fireEvent.keyDown(editorOf("父"), { key: "Escape" });
    const row = rowOf("父");
    expect(document.activeElement).toBe(row);
    expect(row.tabIndex).toBe(0);
    expect(editorOf("父").tabIndex).toBe(-1);
    fireEvent.keyDown(row, { key: "ArrowDown" });
    expect(document.activeElement).toBe(rowOf("子"));
    fireEvent.keyDown(rowOf("子"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(rowOf("父"));
    fireEvent.keyDown(rowOf("父"), { key: "ArrowLeft" });
    await waitFor(() => expect(names()).toEqual(["父", "邻"]));
    fireEvent.keyDown(rowOf("父"), { key: "Enter" });
    expect(document.activeElement).toBe(editorOf("父"));
  });
});

describe("editing by keyboard", () => {
  beforeEach(() => {
    server.add(2, "一", { parent: 1 }).add(3, "二", { parent: 1 });
    server.install();
  });

  it("Enter creates the next sibling right after the row, focused, and saves its name", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const first = editorOf("一");
    first.focus();
    first.setSelectionRange(1, 1);
    fireEvent.keyDown(first, { key: "Enter", keyCode: 13 });
    expect(names()).toEqual(["一", "", "二"]);
    const created = editors()[1];
    expect(document.activeElement).toBe(created);
    typeName(created, "新");
    await settled();
    expect(server.outline(1)).toEqual(["一", "新", "二"]);
    const [create] = server.callsTo("POST", /create/);
    expect(create.body).toMatchObject({ location_id: 1, relation_name: "CHILD_NODE", next_id: 3, name: "" });
  });

  it("Enter in the middle of a name splits it, and never inserts a newline", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const el = editorOf("二");
    typeName(el, "二三");
    el.focus();
    el.setSelectionRange(1, 1);
    fireEvent.keyDown(el, { key: "Enter", keyCode: 13 });
    expect(names()).toEqual(["一", "二", "三"]);
    await settled();
    expect(server.outline(1)).toEqual(["一", "二", "三"]);
    expect(names().some((n) => n.includes("\n"))).toBe(false);
  });

  it("Tab indents under the previous sibling and Shift+Tab outdents after the parent", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const second = editorOf("二");
    second.focus();
    fireEvent.keyDown(second, { key: "Tab", keyCode: 9 });
    await waitFor(() => expect(rowOf("二").getAttribute("aria-level")).toBe("2"));
    expect(rowOf("一").getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(editorOf("二"));
    await settled();
    expect(server.outline(1)).toEqual([["一", ["二"]]]);
    expect(server.callsTo("POST", /move/)[0].body).toMatchObject({
      moved_nodes_ids: [3],
      target_node_id: 2,
      old_location_id: 1,
      old_relationName: "CHILD_NODE",
      new_relationName: "CHILD_NODE",
      before_node_id: null,
    });
    fireEvent.keyDown(editorOf("二"), { key: "Tab", shiftKey: true, keyCode: 9 });
    await waitFor(() => expect(rowOf("二").getAttribute("aria-level")).toBe("1"));
    await settled();
    expect(server.outline(1)).toEqual(["一", "二"]);
  });

  it("types a three-level tree with Enter, Tab and Shift+Tab", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const press = (key: string, shiftKey = false) =>
      fireEvent.keyDown(document.activeElement!, { key, shiftKey, keyCode: key === "Enter" ? 13 : 9 });
    const typeHere = (text: string) => typeName(document.activeElement as HTMLTextAreaElement, text);
    editorOf("二").focus();
    editorOf("二").setSelectionRange(1, 1);
    press("Enter");
    press("Tab");
    typeHere("二.一");
    press("Enter");
    press("Tab");
    typeHere("二.一.一");
    press("Enter");
    press("Tab", true);
    typeHere("二.二");
    press("Enter");
    press("Tab", true);
    typeHere("三");
    await settled();
    expect(server.outline(1)).toEqual(["一", ["二", [["二.一", ["二.一.一"]], "二.二"]], "三"]);
    expect(names()).toEqual(["一", "二", "二.一", "二.一.一", "二.二", "三"]);
  });

  it("Backspace on an empty row deletes it and puts the caret at the end of the row above", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const second = editorOf("二");
    second.focus();
    typeName(second, "");
    fireEvent.keyDown(second, { key: "Backspace", keyCode: 8 });
    expect(names()).toEqual(["一"]);
    expect(document.activeElement).toBe(editorOf("一"));
    await settled();
    expect(server.outline(1)).toEqual(["一"]);
    expect(server.callsTo("POST", /delete_batch/)[0].body).toEqual({ ids: [3] });
  });

  it("ArrowUp and ArrowDown move the caret between visible rows", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    editorOf("一").focus();
    fireEvent.keyDown(editorOf("一"), { key: "ArrowDown" });
    expect(document.activeElement).toBe(editorOf("二"));
    expect(rowOf("二").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(editorOf("二"), { key: "ArrowUp" });
    expect(document.activeElement).toBe(editorOf("一"));
  });

  it("no Enter, Tab or Backspace acts while an input method is composing", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const el = editorOf("二");
    el.focus();
    fireEvent.compositionStart(el);
    typeName(el, "二zhi");
    fireEvent.keyDown(el, { key: "Enter", keyCode: 13 });
    fireEvent.keyDown(el, { key: "Tab", keyCode: 9 });
    typeName(el, "");
    fireEvent.keyDown(el, { key: "Backspace", keyCode: 8 });
    typeName(el, "二知");
    fireEvent.compositionEnd(el);
    // Chrome and Safari report keys the IME consumed with keyCode 229, isComposing may be set alone.
    fireEvent.keyDown(el, { key: "Enter", keyCode: 229 });
    fireEvent.keyDown(el, { key: "Enter", keyCode: 13, isComposing: true });
    expect(names()).toEqual(["一", "二知"]);
    await settled();
    expect(server.callsTo("POST", /create|move|delete_batch/)).toEqual([]);
    // The pinyin in between was never saved, only the committed text.
    expect(server.callsTo("POST", /update/).map((c) => c.body)).toEqual([{ name: "二知" }]);
    fireEvent.keyDown(el, { key: "Enter", keyCode: 13 });
    expect(names()).toEqual(["一", "二知", ""]);
  });

  it("a DEF: prefix (ASCII or full-width colon) sets the type and shows its label", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const el = editorOf("二");
    el.focus();
    typeName(el, "DEF:");
    typeName(el, "DEF:定义");
    expect(names()).toEqual(["一", "定义"]);
    expect(within(rowOf("定义")).getByTitle("类型：DEF").textContent).toBe("定义");
    typeName(editorOf("一"), "来历：古时");
    expect(within(rowOf("古时")).getByTitle("类型：来历").textContent).toBe("来历");
    await settled();
    expect(server.nodes.get(3)).toMatchObject({ name: "定义", type: "DEF" });
    expect(server.nodes.get(2)).toMatchObject({ name: "古时", content: { custom_prefix: "来历" } });
  });

  it("clearing a labelled name reverts it to a plain note; clearing a plain one deletes it", async () => {
    server.nodes.get(2)!.type = "RULE";
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const rule = editorOf("一");
    rule.focus();
    typeName(rule, "");
    fireEvent.blur(rule);
    await settled();
    expect(server.nodes.get(2)).toMatchObject({ name: "", type: "NOTE" });
    const plain = editorOf("二");
    plain.focus();
    typeName(plain, "");
    fireEvent.blur(plain);
    await settled();
    expect(server.outline(1)).toEqual([""]);
  });

  it("Alt+Up/Down reorder among siblings with one move after 500 ms, and say so at the ends", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    const first = editorOf("一");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowUp", altKey: true });
    expect(await screen.findByText("已经到顶了，无法继续上移")).toBeTruthy();
    fireEvent.keyDown(first, { key: "ArrowDown", altKey: true });
    expect(names()).toEqual(["二", "一"]);
    fireEvent.keyDown(editorOf("一"), { key: "ArrowDown", altKey: true });
    expect(await screen.findByText("已经到底了，无法继续下移")).toBeTruthy();
    expect(server.callsTo("POST", /move/)).toHaveLength(0);
    await waitFor(() => expect(server.outline(1)).toEqual(["二", "一"]), { timeout: 2000 });
    expect(server.callsTo("POST", /move/)[0].body).toMatchObject({
      moved_nodes_ids: [2],
      before_node_id: null,
    });
  });

  it("rolls a refused move back with 移动节点失败 and the server's reason", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    server.refuse = { method: "POST", path: /move/, status: 403, error: "你没有编辑该知识点的权限" };
    const second = editorOf("二");
    second.focus();
    fireEvent.keyDown(second, { key: "Tab" });
    await waitFor(() => expect(rowOf("二").getAttribute("aria-level")).toBe("2"));
    expect(await screen.findByText("移动节点失败：你没有编辑该知识点的权限")).toBeTruthy();
    await waitFor(() => expect(rowOf("二").getAttribute("aria-level")).toBe("1"));
    expect(names()).toEqual(["一", "二"]);
    expect(server.outline(1)).toEqual(["一", "二"]);
  });

  it("keeps a name the server refused in the row, says so, and saves it with the next edit", async () => {
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    server.refuse = { method: "POST", path: /update/, status: 400, error: "名称不能超过2000个字符" };
    typeName(editorOf("二"), "二改");
    expect(
      await screen.findByText("保存失败：名称不能超过2000个字符。你输入的文字仍保留在这一行，可修改后再试。"),
    ).toBeTruthy();
    expect(names()).toEqual(["一", "二改"]);
    expect(server.nodes.get(3)?.name).toBe("二");
    typeName(editorOf("二改"), "二改了");
    await settled();
    expect(server.nodes.get(3)?.name).toBe("二改了");
  });

  it("does not edit a node the server says is read-only", async () => {
    server.nodes.get(1)!.write = false;
    server.nodes.get(3)!.write = false;
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二"]));
    expect(editorOf("二").readOnly).toBe(true);
    expect(screen.queryByRole("button", { name: "新建子节点" })).toBeNull();
    editorOf("二").focus();
    fireEvent.keyDown(editorOf("二"), { key: "Enter" });
    expect(await screen.findByText("你没有编辑该知识点的权限")).toBeTruthy();
    expect(names()).toEqual(["一", "二"]);
  });
});
