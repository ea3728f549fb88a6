import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Dnode {
  id: number;
  name: string;
  type: string;
  content: Record<string, unknown>;
}

const serverNode = (account: Account, id: number) => apiCall<Dnode>(account, "GET", `/dnode/${id}`);

/** Opens a node's page by address and waits for its title. */
async function openNodePage(page: Page, id: number, title: string): Promise<void> {
  await page.goto(`/data/${id}`);
  await page.getByRole("heading", { level: 2, name: title }).waitFor();
}

/** The node's rich text, named after the node by the content area. */
const textArea = (page: Page, name: string) => page.getByRole("textbox", { name: `「${name}」的正文` });

/**
 * Clicks the page title, which takes no focus, so the editor loses it as when a person clicks beside
 * it; text is saved on that blur.
 */
const clickOutside = (page: Page) => page.getByRole("heading", { level: 2 }).click();

/** Drawn formulas (`.formula` or a math node) holding this LaTeX; the selector escapes its backslashes. */
const drawn = (scope: Page | Locator, latex: string) =>
  scope.locator(`[data-latex="${latex.replace(/["\\]/g, "\\$&")}"]`);

/** Waits for the status line under the editor to say the text is on the server. */
const untilSaved = (page: Page) => page.getByText("已保存", { exact: true }).waitFor({ timeout: 10_000 });

/**
 * Waits until an <img> shows a picture; a pending or broken one has naturalWidth 0. (antd swaps a broken
 * picture for its fallback, so callers also check the src.)
 */
const untilLoaded = (image: Locator) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 10_000,
    })
    .toBe(true);

/** A 1×1 PNG, built here so the test needs no file on disk. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Uploads an image as the uploader page does (multipart field `image`); returns where it is kept. */
async function uploadImage(account: Account, name: string, bytes: Buffer): Promise<{ image_path: string }> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  const response = await fetch(`${inject("baseUrl")}/api/upload/`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.access}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ image_path: string }>;
}

describe("the node page's content area", () => {
  it("keeps rich text typed with a bold word, saved when the editor loses focus", async () => {
    const account = await createAccount("text");
    const id = await makeNode(account, { name: "勾股笔记" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, id, "勾股笔记");
      // A node without text starts with its text area closed.
      expect(await textArea(page, "勾股笔记").count()).toBe(0);
      await page.getByRole("button", { name: "显示正文" }).click();
      const text = textArea(page, "勾股笔记");
      await text.click();
      await page.keyboard.type("勾股定理：直角三角形两直角边的平方和等于斜边的平方。");
      // Select the first four characters and make them bold from the toolbar.
      await page.keyboard.press("Home");
      for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowRight");
      await page.getByRole("toolbar", { name: "格式工具栏" }).getByRole("button", { name: "加粗" }).click();
      expect(await text.locator("strong").textContent()).toBe("勾股定理");

      await clickOutside(page);
      await untilSaved(page);

      await page.reload();
      // With text, the area starts open.
      await text.locator("strong").waitFor();
      expect(await text.locator("strong").textContent()).toBe("勾股定理");
      expect(await text.textContent()).toBe("勾股定理：直角三角形两直角边的平方和等于斜边的平方。");
      expect(await page.getByRole("button", { name: "隐藏正文" }).isVisible()).toBe(true);

      const saved = await serverNode(account, id);
      expect(saved.content.text).toBe(
        "<p><strong>勾股定理</strong>：直角三角形两直角边的平方和等于斜边的平方。</p>",
      );
    } finally {
      await context.close();
    }
  });

  it("draws a formula node with KaTeX in its parent's tree and edits it in the 编辑公式 modal", async () => {
    const account = await createAccount("formula");
    const parent = await makeNode(account, { name: "几何" });
    const formula = await makeNode(account, { type: "EX", name: "a^2+b^2=c^2", location_id: parent });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, parent, "几何");
      const row = page.getByRole("treeitem", { name: "公式 a^2+b^2=c^2" });
      await row.locator(".katex").waitFor();
      // Drawn, not typed: until someone clicks it there is no text field with the raw LaTeX.
      expect(await row.getByRole("textbox").count()).toBe(0);
      expect(await row.locator(".katex-html").isVisible()).toBe(true);

      await openNodePage(page, formula, "公式 a^2+b^2=c^2");
      await page.getByRole("button", { name: "编辑公式" }).click();
      const modal = page.getByRole("dialog", { name: "编辑公式" });
      const input = modal.getByRole("textbox", { name: "LaTeX 公式" });
      const EULER = "e^{i\\pi}+1=0";
      expect(await input.inputValue()).toBe("a^2+b^2=c^2");
      await input.press("Control+A");
      await page.keyboard.type(EULER);
      // The preview follows the typing.
      await drawn(modal.getByRole("region", { name: "公式预览" }), EULER)
        .locator(".katex")
        .waitFor();
      await input.press("Control+Enter");
      await modal.waitFor({ state: "hidden" });
      await drawn(page.locator(".node-formula"), EULER).locator(".katex").waitFor();
      await page.getByRole("heading", { level: 2, name: `公式 ${EULER}` }).waitFor();
      expect((await serverNode(account, formula)).name).toBe(EULER);

      // A formula KaTeX cannot draw is refused, with the reason, and nothing is saved.
      await page.getByRole("button", { name: "编辑公式" }).click();
      await input.press("Control+A");
      await page.keyboard.type("\\frac{1}{");
      await modal.getByRole("alert").waitFor();
      expect(await modal.getByRole("alert").textContent()).toBe("公式语法错误，请检查LaTeX语法");
      expect(await modal.getByRole("button", { name: "保存" }).isDisabled()).toBe(true);
      await input.press("Control+Enter");
      expect(await modal.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await modal.waitFor({ state: "hidden" });
      expect((await serverNode(account, formula)).name).toBe(EULER);
    } finally {
      await context.close();
    }
  });

  it("keeps rich text typed and reloaded at once, without the field ever losing focus", async () => {
    const account = await createAccount("textreload");
    const id = await makeNode(account, { name: "宋史笔记" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, id, "宋史笔记");
      await page.getByRole("button", { name: "显示正文" }).click();
      const text = textArea(page, "宋史笔记");
      await text.click();
      await page.keyboard.type("赵匡胤陈桥兵变");
      // Saved while typing, about a second after the last key, with the caret still in the text.
      await untilSaved(page);
      expect(await serverNode(account, id)).toMatchObject({ content: { text: "<p>赵匡胤陈桥兵变</p>" } });

      // More typing and an immediate reload: no blur, no pause.
      await page.keyboard.type("，黄袍加身");
      await page.reload();
      await text.waitFor();
      await expect.poll(() => text.textContent(), { timeout: 10_000 }).toBe("赵匡胤陈桥兵变，黄袍加身");
      // Sent with keepalive as the page went, or again from the local copy after the reload.
      await expect
        .poll(async () => (await serverNode(account, id)).content.text, { timeout: 10_000 })
        .toBe("<p>赵匡胤陈桥兵变，黄袍加身</p>");
      expect(
        await page.evaluate(() =>
          localStorage.getItem(`zhishu-text-draft:${location.pathname.split("/")[2]}`),
        ),
      ).toBeNull();
    } finally {
      await context.close();
    }
  });

  it("keeps rich text typed offline, says so, and saves it when the network returns", async () => {
    const account = await createAccount("textoffline");
    const id = await makeNode(account, { name: "离线笔记" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, id, "离线笔记");
      await page.getByRole("button", { name: "显示正文" }).click();
      const text = textArea(page, "离线笔记");
      await text.click();
      await context.setOffline(true);
      await page.keyboard.type("断网时写的字");
      await page.getByText("未保存（重试中）", { exact: true }).waitFor({ timeout: 10_000 });
      expect(await text.textContent()).toBe("断网时写的字");

      await context.setOffline(false);
      await untilSaved(page);
      expect((await serverNode(account, id)).content.text).toBe("<p>断网时写的字</p>");
    } finally {
      await context.close();
    }
  });

  it("inserts math into rich text with Ctrl+M and keeps it drawn after a reload", async () => {
    const account = await createAccount("math");
    const id = await makeNode(account, { name: "面积", content: { text: "<p>圆的面积：</p>" } });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, id, "面积");
      const text = textArea(page, "面积");
      await text.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Control+M");
      const modal = page.getByRole("dialog", { name: "编辑公式" });
      await modal.getByRole("textbox", { name: "LaTeX 公式" }).waitFor();
      // The modal's field has the focus, so the person just types.
      await page.keyboard.type("S=\\pi r^2");
      await modal.getByRole("button", { name: "保存" }).click();
      await modal.waitFor({ state: "hidden" });
      await text.locator(".katex").waitFor();

      await clickOutside(page);
      await untilSaved(page);
      await page.reload();
      await text.locator(".katex").waitFor();
      expect(await drawn(text, "S=\\pi r^2").locator(".katex-html").isVisible()).toBe(true);
      expect((await serverNode(account, id)).content.text).toContain('data-latex="S=\\pi r^2"');
    } finally {
      await context.close();
    }
  });

  it("shows an @{id} reference in a row as a link that opens the node beside, and edits it raw on a click", async () => {
    const account = await createAccount("ref");
    const tree = await makeNode(account, { name: "引用" });
    // A sibling, so the page has loaded it: a link is named after a node the page knows (one it has not
    // loaded reads 知识点 #id until then).
    const target = await makeNode(account, { name: "勾股定理", location_id: tree });
    const raw = `见@{${target}}`;
    await makeNode(account, { name: raw, location_id: tree });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, tree, "引用");
      const row = page.getByRole("treeitem", { name: raw });
      const link = row.getByRole("link", { name: "勾股定理" });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe(`/data/${target}`);

      // A link in the main panel opens in the side panel; the main page stays where it was.
      await link.click();
      const sider = page.getByRole("complementary", { name: "侧边栏" });
      await sider.getByRole("heading", { level: 2, name: "勾股定理" }).waitFor();
      expect(await sider.getByRole("tab", { name: "勾股定理" }).getAttribute("aria-selected")).toBe("true");
      expect(new URL(page.url()).pathname).toBe(`/data/${tree}`);

      // A click on the row's own text opens it for editing, showing the reference as typed.
      await row.getByText("见", { exact: true }).click();
      const input = row.getByRole("textbox", { name: "知识点名称" });
      await input.waitFor();
      expect(await input.inputValue()).toBe(raw);
      expect(await row.getByRole("link", { name: "勾股定理" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("shows an image node's thumbnail and opens its preview on a click", async () => {
    const account = await createAccount("image");
    const { image_path } = await uploadImage(account, "小点.png", PNG);
    const id = await makeNode(account, {
      type: "IMAGE",
      name: "小点.png",
      content: { image_path, original_name: "小点.png" },
    });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openNodePage(page, id, "图片 小点.png");
      const thumbnail = page.locator("figure.media-image").getByRole("img", { name: "小点.png" });
      await untilLoaded(thumbnail);
      const src = `/api/media/${image_path}`;
      expect(await thumbnail.getAttribute("src")).toBe(src);
      // Shown at the default thumbnail height.
      expect((await thumbnail.boundingBox())?.height).toBe(100);

      await thumbnail.click();
      const preview = page.getByRole("dialog", { name: "小点.png" });
      await preview.waitFor();
      const large = preview.getByRole("img", { name: "小点.png" });
      await untilLoaded(large);
      expect(await large.getAttribute("src")).toBe(src);
      await page.keyboard.press("Escape");
      await preview.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });
});
