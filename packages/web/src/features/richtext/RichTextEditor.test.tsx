import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { writeTokens } from "../../api/tokens";
import { Providers } from "../../app/Providers";
import { fakeToken, mockFetch } from "../../test-support/api";
import { RichTextEditor, type RichTextEditorProps } from "./RichTextEditor";

// jsdom does no layout: ProseMirror asks text ranges for their rectangles to scroll the caret into
// view. Empty rectangles are the honest answer for a page that is never drawn.
beforeAll(() => {
  const empty = () => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: 0,
    right: 0,
    width: 0,
    height: 0,
    toJSON() {},
  });
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = empty as () => DOMRect;
  document.elementFromPoint = () => null;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const onSave = vi.fn<(html: string) => Promise<void>>(async () => {});
  render(
    <Providers>
      <RichTextEditor html="<p>宋朝</p>" editable onSave={onSave} {...props} />
    </Providers>,
  );
  return { onSave: (props.onSave as typeof onSave | undefined) ?? onSave };
}

const editorBox = (name = "正文") => screen.findByRole("textbox", { name });
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

/**
 * Types at the end of the first paragraph the way a browser does: the text node changes and
 * ProseMirror reads the change from its mutation observer (jsdom has no real keyboard input).
 */
async function typeAtEnd(box: HTMLElement, text: string) {
  box.focus();
  const node = box.querySelector("p")?.lastChild as Text;
  node.data += text;
  await tick();
}

describe("RichTextEditor", () => {
  it("shows the stored HTML, formulas drawn, under a toolbar with Chinese names", async () => {
    renderEditor({
      html: '<h2>北宋</h2><p><strong>开宝</strong>年间 <span data-type="inline-math" data-latex="x^2"></span></p>',
    });
    const box = await editorBox();
    expect(within(box).getByRole("heading", { level: 2 }).textContent).toBe("北宋");
    expect(box.querySelector("strong")?.textContent).toBe("开宝");
    expect(box.querySelector('[data-type="inline-math"] .katex')).not.toBeNull();
    const toolbar = screen.getByRole("toolbar", { name: "格式工具栏" });
    const names = within(toolbar)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(names).toEqual([
      "撤销",
      "重做",
      "标题1",
      "标题2",
      "标题3",
      "标题4",
      "加粗",
      "斜体",
      "链接",
      "插入图片",
      "表格",
      "引用",
      "代码块",
      "公式",
      "媒体",
      "无序列表",
      "有序列表",
    ]);
    // One Tab stop for the whole toolbar (undo is disabled with nothing to undo).
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
    expect(screen.getByRole("button", { name: "重做" }).hasAttribute("disabled")).toBe(true);
  });

  it("saves typed text once on blur and shows 保存中… then 已保存", async () => {
    let finish = () => {};
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderEditor({ onSave });
    const box = await editorBox();
    await typeAtEnd(box, "历史");
    fireEvent.blur(box);
    expect(await screen.findByText("保存中…")).toBeTruthy();
    await act(async () => finish());
    expect(await screen.findByText("已保存")).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("<p>宋朝历史</p>", { keepalive: false });
    // Focus and leave again without a change: nothing more is sent.
    box.focus();
    fireEvent.blur(box);
    await tick();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("does not save when the text did not change", async () => {
    const { onSave } = renderEditor();
    const box = await editorBox();
    box.focus();
    fireEvent.blur(box);
    await tick();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByText("已保存")).toBeNull();
  });

  it("says 未保存（重试中） when saving fails, keeps the text and tries again by itself", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onSave = vi.fn<(html: string) => Promise<void>>().mockRejectedValueOnce(new Error("500"));
    onSave.mockResolvedValue(undefined);
    renderEditor({ onSave });
    const box = await editorBox();
    await typeAtEnd(box, "史");
    fireEvent.blur(box);
    expect(await screen.findByText("未保存（重试中）")).toBeTruthy();
    expect(box.textContent).toBe("宋朝史");
    // No new blur or keystroke: the retry comes on its own (after 2 s).
    expect(await screen.findByText("已保存", {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith("<p>宋朝史</p>", { keepalive: false });
  });

  it("saves about a second after typing stops, without leaving the text", async () => {
    const { onSave } = renderEditor();
    const box = await editorBox();
    await typeAtEnd(box, "历");
    await typeAtEnd(box, "史");
    expect(screen.getByText("保存中…")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(await screen.findByText("已保存", {}, { timeout: 3000 })).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith("<p>宋朝历史</p>", { keepalive: false });
    expect(document.activeElement).toBe(box);
  });

  it("sends the text with keepalive when the page is left while typing", async () => {
    const { onSave } = renderEditor();
    const box = await editorBox();
    await typeAtEnd(box, "史");
    window.dispatchEvent(new Event("pagehide"));
    await tick();
    expect(onSave).toHaveBeenCalledWith("<p>宋朝史</p>", { keepalive: true });
  });

  it("keeps unsaved text locally and offers it again when the editor opens anew", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = vi.fn<(html: string) => Promise<void>>().mockRejectedValue(new Error("offline"));
    renderEditor({ onSave: failing, draftKey: "draft-test" });
    const box = await editorBox();
    await typeAtEnd(box, "亡");
    fireEvent.blur(box);
    expect(await screen.findByText("未保存（重试中）")).toBeTruthy();
    cleanup();
    expect(localStorage.getItem("draft-test")).toContain("宋朝亡");

    // The page is opened again (a reload): the server still has the old text.
    const { onSave } = renderEditor({ draftKey: "draft-test" });
    const again = await editorBox();
    await waitFor(() => expect(again.textContent).toBe("宋朝亡"));
    expect(await screen.findByText("已恢复上次未保存的正文，正在保存")).toBeTruthy();
    expect(await screen.findByText("已保存", {}, { timeout: 3000 })).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith("<p>宋朝亡</p>", { keepalive: false });
    expect(localStorage.getItem("draft-test")).toBeNull();
  });

  it("shows a newer text from the server, but never over unsaved edits", async () => {
    const onSave = vi.fn(async () => {});
    const view = (html: string) => (
      <Providers>
        <RichTextEditor html={html} editable onSave={onSave} />
      </Providers>
    );
    const { rerender } = render(view("<p>宋朝</p>"));
    const box = await editorBox();
    await tick();
    rerender(view("<p>元朝</p>"));
    await waitFor(() => expect(box.textContent).toBe("元朝"));
    await typeAtEnd(box, "史");
    rerender(view("<p>明朝</p>"));
    await tick();
    expect(box.textContent).toBe("元朝史");
  });

  it("edits a formula when it is clicked", async () => {
    const { onSave } = renderEditor({
      html: '<p>面积 <span data-type="inline-math" data-latex="\\pi r^2"></span></p>',
    });
    const box = await editorBox();
    fireEvent.click(box.querySelector('[data-type="inline-math"]')!);
    const latex = (await screen.findByRole("textbox", { name: "LaTeX 公式" })) as HTMLTextAreaElement;
    expect(latex.value).toBe("\\pi r^2");
    fireEvent.change(latex, { target: { value: "2\\pi r" } });
    fireEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() =>
      expect(box.querySelector('[data-type="inline-math"]')?.getAttribute("data-latex")).toBe("2\\pi r"),
    );
    fireEvent.blur(box);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        '<p>面积 <span data-latex="2\\pi r" data-type="inline-math"></span></p>',
        { keepalive: false },
      ),
    );
  });

  it("moves through the toolbar with the arrow keys and back to the text with Escape", async () => {
    renderEditor();
    const box = await editorBox();
    const bold = screen.getByRole("button", { name: "加粗" });
    bold.focus();
    fireEvent.keyDown(bold, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "斜体" }));
    expect(screen.getByRole("button", { name: "斜体" }).getAttribute("tabindex")).toBe("0");
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    // Undo and redo are disabled with nothing to undo, so the first usable tool is 标题1.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "标题1" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it("read-only, shows the text and formulas without toolbar or editing", async () => {
    renderEditor({
      editable: false,
      label: "说明",
      html: '<p>勾股定理</p><div data-type="block-math" data-latex="a^2+b^2=c^2"></div>',
    });
    const box = await editorBox("说明");
    expect(box.textContent).toContain("勾股定理");
    expect(box.getAttribute("contenteditable")).toBe("false");
    expect(box.getAttribute("aria-readonly")).toBe("true");
    expect(box.querySelector('[data-type="block-math"] .katex')).not.toBeNull();
    expect(screen.queryByRole("toolbar")).toBeNull();
  });

  it("inserts a 3×3 table with a header row from the toolbar, and saves it", async () => {
    const { onSave } = renderEditor();
    const box = await editorBox();
    fireEvent.click(screen.getByRole("button", { name: "表格" }));
    await waitFor(() => expect(box.querySelectorAll("table tr")).toHaveLength(3));
    expect(box.querySelectorAll("th")).toHaveLength(3);
    expect(box.querySelectorAll("td")).toHaveLength(6);
    fireEvent.blur(box);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatch(/<table[^>]*>.*<th[^>]*>.*<\/table>/);
  });

  it("Ctrl+M opens 编辑公式 and inserts the formula as inline math", async () => {
    const { onSave } = renderEditor();
    const box = await editorBox();
    box.focus();
    fireEvent.keyDown(box, { key: "m", ctrlKey: true });
    const latex = await screen.findByRole("textbox", { name: "LaTeX 公式" });
    fireEvent.change(latex, { target: { value: "\\frac{1}{2}" } });
    fireEvent.keyDown(latex, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(box.querySelector('[data-type="inline-math"] .katex .mfrac')).not.toBeNull());
    fireEvent.blur(box);
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toContain(
      '<span data-latex="\\frac{1}{2}" data-type="inline-math"></span>',
    );
  });

  it("inserts a link typed into the 链接 prompt, which starts at https://", async () => {
    renderEditor();
    const box = await editorBox();
    fireEvent.click(screen.getByRole("button", { name: "链接" }));
    const input = (await screen.findByRole("textbox", { name: "链接地址" })) as HTMLInputElement;
    expect(input.value).toBe("https://");
    fireEvent.keyDown(input, { key: "Enter" });
    expect((await screen.findByRole("alert")).textContent).toContain("请输入以 http://");
    fireEvent.change(input, { target: { value: "https://zh.wikipedia.org/wiki/宋朝" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() =>
      expect(box.querySelector("a")?.getAttribute("href")).toBe("https://zh.wikipedia.org/wiki/宋朝"),
    );
  });

  it("embeds a bilibili player from the 媒体 prompt and refuses other sites", async () => {
    renderEditor();
    const box = await editorBox();
    fireEvent.click(screen.getByRole("button", { name: "媒体" }));
    const input = await screen.findByRole("textbox", { name: "视频或播放器地址" });
    fireEvent.change(input, { target: { value: "https://evil.example.com/player" } });
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    expect((await screen.findByRole("alert")).textContent).toContain("哔哩哔哩");
    fireEvent.change(input, { target: { value: "https://player.bilibili.com/player.html?bvid=BV1xx" } });
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() =>
      expect(box.querySelector("iframe")?.getAttribute("src")).toBe(
        "https://player.bilibili.com/player.html?bvid=BV1xx",
      ),
    );
  });

  it("uploads a chosen image as multipart field `upload` and shows it from the returned url", async () => {
    writeTokens({ access: fakeToken(600), refresh: fakeToken(3600) });
    const fetch = mockFetch(() => ({
      body: { image_path: "images/a1.png", original_name: "地图.png", url: "/api/media/images/a1.png" },
    }));
    renderEditor();
    const box = await editorBox();
    const file = new File([new Uint8Array([137, 80, 78, 71])], "地图.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("插入图片", { selector: "input" }), { target: { files: [file] } });
    await waitFor(() =>
      expect(box.querySelector("img")?.getAttribute("src")).toBe("/api/media/images/a1.png"),
    );
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/upload/");
    expect(init.method).toBe("POST");
    const sent = (init.body as FormData).get("upload") as File;
    expect([sent.name, sent.type, sent.size]).toEqual(["地图.png", "image/png", 4]);
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
  });

  it("refuses a file that is not one of the image kinds, without uploading", async () => {
    const fetch = mockFetch(() => ({ body: {} }));
    renderEditor();
    await editorBox();
    const file = new File(["%PDF"], "论文.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText("插入图片", { selector: "input" }), { target: { files: [file] } });
    expect(await screen.findByText("仅支持 jpeg、png、gif、bmp、webp、tiff 格式的图片")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports a refused upload with the server's reason", async () => {
    mockFetch(() => ({
      status: 413,
      body: { success: false, error: "文件过大", code: "PAYLOAD_TOO_LARGE" },
    }));
    renderEditor();
    await editorBox();
    const file = new File(["x"], "大图.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("插入图片", { selector: "input" }), { target: { files: [file] } });
    expect(await screen.findByText("上传图片失败：文件过大")).toBeTruthy();
  });
});
