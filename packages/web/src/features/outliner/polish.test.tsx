import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { editorOf, names, rowOf, settled, stubTreeLayout, typeName } from "../../test-support/outliner";

// Issue 12 points 8, 10–15: the outliner as a person types, reads and scrolls it.

let server: FakeServer;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "知识树", { type: "DIR" });
});

afterEach(cleanup);

describe("Chinese type prefixes (point 8)", () => {
  it("定义： with the full-width colon makes a DEF node, like DEF: does; codes in any case too", async () => {
    server.add(2, "一", { parent: 1 }).add(3, "二", { parent: 1 }).add(4, "三", { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
    const first = editorOf("一");
    first.focus();
    typeName(first, "定义：");
    typeName(first, "定义：比例");
    expect(within(rowOf("比例")).getByTitle("类型：DEF").textContent).toBe("定义");
    typeName(editorOf("二"), "步骤：先读题");
    typeName(editorOf("三"), "def:分数");
    await settled();
    expect(server.nodes.get(2)).toMatchObject({ name: "比例", type: "DEF" });
    expect(server.nodes.get(3)).toMatchObject({ name: "先读题", type: "STEP" });
    expect(server.nodes.get(4)).toMatchObject({ name: "分数", type: "DEF" });
  });

  it("目标： makes a process labelled 目标; Backspace at its start turns both back into text", async () => {
    server.add(2, "一", { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一"]));
    const el = editorOf("一");
    el.focus();
    typeName(el, "目标：写完论文");
    expect(within(rowOf("写完论文")).getByTitle("类型：目标").textContent).toBe("目标");
    await settled();
    expect(server.nodes.get(2)).toMatchObject({ type: "PROCESS", content: { custom_prefix: "目标" } });
    el.setSelectionRange(0, 0);
    fireEvent.keyDown(el, { key: "Backspace" });
    await settled();
    expect(server.nodes.get(2)).toMatchObject({ name: "目标:写完论文", type: "NOTE" });
    expect(server.nodes.get(2)!.content.custom_prefix).toBeUndefined();
  });
});

describe("readers (point 13)", () => {
  it("see no editing hints and get a short message when they try to type", async () => {
    server.nodes.get(1)!.write = false;
    server.add(2, "别人的笔记", { parent: 1, write: false });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["别人的笔记"]));
    expect(screen.getByText("只读：你可以查看、复制和引用这棵树，但不能编辑。")).toBeTruthy();
    expect(screen.queryByText(/回车新建同级节点/)).toBeNull();
    expect(screen.queryByText(/拖动圆点/)).toBeNull();
    expect(screen.queryByRole("button", { name: "新建子节点" })).toBeNull();
    const el = editorOf("别人的笔记");
    el.focus();
    // An input method's key (keyCode 229) is a try to type too.
    fireEvent.keyDown(el, { key: "Process", keyCode: 229 });
    expect(await screen.findByText("只读：你没有编辑该知识点的权限")).toBeTruthy();
    expect(within(rowOf("别人的笔记")).queryByRole("checkbox")).toBeNull();
    await settled();
    expect(server.callsTo("POST", /./)).toEqual([]);
  });
});

describe("references (point 11)", () => {
  it("a node linked in from elsewhere is marked, its tooltip says 引用自 and where; moved rows are not", async () => {
    server.add(2, "数学", { parent: 1 }).add(3, "勾股定理", { parent: 2 }).add(4, "笔记", { parent: 1 });
    server.list(1, "CHILD_NODE").push(3); // referred here by a drag: its own place stays under 数学
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["数学", "笔记", "勾股定理"]));
    const mark = within(rowOf("勾股定理")).getByRole("link", { name: "引用，打开原位置" });
    expect(mark.getAttribute("href")).toBe("/data/2");
    expect(within(rowOf("数学")).queryByRole("link", { name: "引用，打开原位置" })).toBeNull();
    fireEvent.mouseEnter(mark);
    expect(await screen.findByText("引用自 知识树 / 数学")).toBeTruthy();
    // Tab makes 笔记 a child of 数学: a move of its own place, never a reference.
    const note = editorOf("笔记");
    note.focus();
    fireEvent.keyDown(note, { key: "Tab" });
    await settled();
    expect(server.outline(1)).toEqual([["数学", ["勾股定理", "笔记"]], "勾股定理"]);
    expect(within(rowOf("笔记")).queryByRole("link", { name: "引用，打开原位置" })).toBeNull();
  });
});

describe("links (point 10)", () => {
  it("http(s) links in a name and URL nodes are links to a new tab while not editing; a click beside edits", async () => {
    server.add(2, "资料 https://example.com/a", { parent: 1 });
    server.add(3, "https://zh.wikipedia.org/wiki/知识", { parent: 1, type: "URL" });
    server.add(4, "四", { parent: 1 }).add(5, "五", { parent: 1 });
    server.install();
    renderNodePage();
    const link = await screen.findByRole("link", { name: "https://example.com/a" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    const wiki = screen.getByRole("link", { name: "https://zh.wikipedia.org/wiki/知识" });
    const urlRow = wiki.closest('[role="treeitem"]') as HTMLElement;
    expect(within(urlRow).getByText("zh.wikipedia.org")).toBeTruthy();
    // The name beside the link is still the way into editing.
    fireEvent.click(link.closest(".ol-name-view")!);
    await waitFor(() => expect(names()).toContain("资料 https://example.com/a"));
    // A link typed into a name shows as one once the row is left.
    const four = editorOf("四");
    four.focus();
    typeName(four, "四 http://a.cn/x");
    fireEvent.blur(four);
    editorOf("五").focus();
    expect(await screen.findByRole("link", { name: "http://a.cn/x" })).toBeTruthy();
  });
});

describe("formulas typed in a name (point 12)", () => {
  it("\\( … \\) as the whole name makes a formula node; a formula within text is drawn in place", async () => {
    server.add(2, "一", { parent: 1 }).add(3, "二", { parent: 1 }).add(4, "三", { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一", "二", "三"]));
    const first = editorOf("一");
    first.focus();
    typeName(first, "\\(a^2+b^2=c^2");
    typeName(first, "\\(a^2+b^2=c^2\\)");
    expect(names()[0]).toBe("a^2+b^2=c^2");
    const second = editorOf("二");
    second.focus();
    typeName(second, "面积 \\[S=\\pi r^2\\]");
    fireEvent.blur(second);
    editorOf("三").focus();
    await settled();
    expect(server.nodes.get(2)).toMatchObject({ name: "a^2+b^2=c^2", type: "EX" });
    expect(server.nodes.get(3)).toMatchObject({ name: "面积 \\[S=\\pi r^2\\]", type: "NOTE" });
    // KaTeX loads with the first formula on screen (LazyFormula): on a busy machine that takes a while.
    await waitFor(() => expect(document.querySelectorAll(".ol-name-view .formula")).toHaveLength(2), {
      timeout: 5000,
    });
  });
});

describe("infinite loading (point 14)", () => {
  it("scrolling loads page after page of children without a click; 加载更多 stays for the keyboard", async () => {
    // 300 keeps jsdom quick; e2e/outliner-polish.e2e.ts scrolls through 1,000 in Chromium.
    for (let i = 0; i < 300; i++) server.add(100 + i, `子${i}`, { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toHaveLength(40));
    // Before any scroll the button is the way on (the keyboard's too).
    expect(screen.getByRole("button", { name: "加载更多（还有 260 个）" })).toBeTruthy();
    const tree = document.querySelector(".ol-tree") as HTMLElement;
    const pages = () => server.callsTo("GET", /relations_with_data/).length;
    for (let round = 0; round < 40 && !names().includes("子299"); round++) {
      const before = pages();
      const sizer = document.querySelector(".ol-sizer") as HTMLElement;
      tree.scrollTop = Math.max(0, Number.parseFloat(sizer.style.height) - 4000);
      fireEvent.scroll(tree);
      await waitFor(() => expect(pages() > before || names().includes("子299")).toBe(true));
      await settled();
    }
    expect(names()).toContain("子299");
    expect(screen.queryByRole("button", { name: /加载更多/ })).toBeNull();
    const asked = server.callsTo("GET", /relations_with_data/).map((c) => c.query.get("relation_pages"));
    expect(asked).toEqual(["{}", ...Array.from({ length: 7 }, (_, i) => `{"CHILD_NODE":${i + 2}}`)]);
  });
});

describe("the page title (point 15)", () => {
  const title = () => screen.getByRole("textbox", { name: "知识点标题" }) as HTMLTextAreaElement;

  it("is renamed in place like a row: saved, prefixes read, one undo stack; never a row of its own", async () => {
    server.add(2, "一", { parent: 1 });
    server.install();
    renderNodePage();
    await waitFor(() => expect(names()).toEqual(["一"]));
    expect(title().value).toBe("知识树");
    title().focus();
    typeName(title(), "知识树（新）");
    expect(screen.getByRole("heading", { level: 2, name: "目录 知识树（新）" })).toBeTruthy();
    // Written down before the save goes, as a row's typing is: a reload or an outage loses nothing.
    const journals = Object.keys(localStorage).filter((key) => key.startsWith("zhishu-outline-journal:"));
    expect(journals.map((key) => localStorage.getItem(key)).join()).toContain("知识树（新）");
    fireEvent.keyDown(title(), { key: "Enter" });
    await settled();
    expect(server.nodes.get(1)).toMatchObject({ name: "知识树（新）", type: "DIR" });
    typeName(title(), "定义：知识");
    await settled();
    expect(server.nodes.get(1)).toMatchObject({ name: "知识", type: "DEF" });
    fireEvent.keyDown(title(), { key: "z", ctrlKey: true });
    await settled();
    expect(server.nodes.get(1)).toMatchObject({ name: "知识树（新）", type: "DIR" });
    expect(title().value).toBe("知识树（新）");
    // Cleared and left, the page's node stays (a row would be deleted).
    typeName(title(), "");
    fireEvent.blur(title());
    await settled();
    expect(server.callsTo("POST", /delete_batch/)).toEqual([]);
    expect(names()).toEqual(["一"]);
  });

  it("is plain text for a reader, and on a user's root page", async () => {
    server.nodes.get(1)!.write = false;
    server.add(9, "小明", { type: "USER" });
    server.install();
    renderNodePage();
    expect(await screen.findByRole("heading", { level: 2, name: "目录 知识树" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "知识点标题" })).toBeNull();
    cleanup();
    renderNodePage("/data/9");
    expect(await screen.findByRole("heading", { level: 2, name: "用户根节点 小明" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "知识点标题" })).toBeNull();
  });
});
