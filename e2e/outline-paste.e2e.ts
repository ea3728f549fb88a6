import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type IdTree, untilServerHas } from "./outline";
import { caretIn, outlinePage, tickedRows } from "./outline-page";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Puts text on the system clipboard, as another program would. */
async function clipboardHolds(context: BrowserContext, page: Page, text: string): Promise<void> {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}

/** Names and, for typed nodes, `TYPE:name`, nested like outlineOf. */
const typedOutline = (tree: IdTree): unknown[] =>
  tree.children.map((n) => {
    const name = n.type === "NOTE" ? n.name : `${n.type}:${n.name}`;
    return n.children.length ? [name, typedOutline(n)] : name;
  });

/** Issue 12 item 9 and issue 19 item 4: outlines pasted and copied. */
describe("pasting an outline", () => {
  it("makes one row per line, nested by indentation and bullets, prefixes applied, as one undo step", async () => {
    const { context, page, tree } = await outlinePage(browser, "paste", ["已有"]);
    try {
      await clipboardHolds(context, page, "唐\n\t李白\n\t杜甫\n- 宋\n  * DEF:词\n  1. 苏轼");
      await caretIn(page, "已有", "End");
      await page.keyboard.press("Control+v");
      await expect
        .poll(async () => typedOutline(await tree()), { timeout: 15_000 })
        .toEqual(["已有", ["唐", ["李白", "杜甫"]], ["宋", ["DEF:词", "苏轼"]]]);
      // One line pasted into a name stays the name's own text.
      await clipboardHolds(context, page, "一行");
      await caretIn(page, "已有", "End");
      await page.keyboard.press("Control+v");
      await untilServerHas(tree, ["已有一行", ["唐", ["李白", "杜甫"]], ["宋", ["词", "苏轼"]]]);

      await page.keyboard.press("Control+z"); // the one-line paste, as typing
      await page.keyboard.press("Control+z"); // the whole outline
      await untilServerHas(tree, ["已有"]);
    } finally {
      await context.close();
    }
  });

  it("fills an empty row with the first line, and asks before more than 500 lines", async () => {
    const { context, page, tree } = await outlinePage(browser, "pastebig", ["", "后"]);
    try {
      const many = Array.from({ length: 501 }, (_, i) => `第${i + 1}行`).join("\n");
      await clipboardHolds(context, page, many);
      await page.locator('[role="treeitem"] textarea').first().click();
      await page.keyboard.press("Control+v");
      await page.locator(".ant-modal-confirm-title", { hasText: "粘贴 501 行？" }).waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "取消" }).click();

      await clipboardHolds(context, page, Array.from({ length: 45 }, (_, i) => `第${i + 1}行`).join("\n"));
      await page.locator('[role="treeitem"] textarea').first().click();
      await page.keyboard.press("Control+v");
      await page.getByText("已粘贴 45 行").waitFor({ timeout: 30_000 });
      const names = (await tree()).children.map((c) => c.name);
      expect(names).toEqual([...Array.from({ length: 45 }, (_, i) => `第${i + 1}行`), "后"]);
    } finally {
      await context.close();
    }
  });

  it("copies selected rows with their types and all they hold, and pastes them back after another row", async () => {
    const { context, page, tree } = await outlinePage(browser, "copy", [
      "甲",
      ["乙", ["乙一"]],
      ["丙", ["丙一"]],
    ]);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      // 乙 becomes a definition and opens; 丙 stays closed, its child never loaded.
      await caretIn(page, "乙", "Home");
      await page.keyboard.type("DEF:");
      await page.keyboard.press("Control+ArrowDown");
      await page.getByRole("treeitem", { name: "乙一", exact: true }).waitFor();
      await caretIn(page, "丙", "End");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Shift+ArrowUp");
      await page.keyboard.press("Shift+ArrowUp");
      expect(await tickedRows(page)).toEqual(["定义 乙", "乙一", "丙"]);
      await page.keyboard.press("Control+c");
      await page.getByText("已复制 2 个节点").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("DEF:乙\n  乙一\n丙\n  丙一");

      await caretIn(page, "甲", "End");
      await page.keyboard.press("Escape");
      await page.keyboard.press("Control+v");
      await expect
        .poll(async () => typedOutline(await tree()), { timeout: 15_000 })
        .toEqual(["甲", ["DEF:乙", ["乙一"]], ["丙", ["丙一"]], ["DEF:乙", ["乙一"]], ["丙", ["丙一"]]]);
    } finally {
      await context.close();
    }
  });

  it("sends rows pasted while the server could not be reached again after a reload", async () => {
    const { context, page, tree } = await outlinePage(browser, "pastereplay", [""]);
    try {
      await clipboardHolds(context, page, "春\n  夏\n秋");
      const refuse = (route: import("playwright-core").Route) => route.abort("connectionrefused");
      await page.route(/\/api\/dnode\/(create\/|\d+\/update)/, refuse);
      await page.locator('[role="treeitem"] textarea').first().click();
      await page.keyboard.press("Control+v");
      await page.getByText("网络已断开", { exact: false }).waitFor({ timeout: 10_000 });
      await page.unroute(/\/api\/dnode\/(create\/|\d+\/update)/, refuse);
      await page.reload();
      await untilServerHas(tree, [["春", ["夏"]], "秋"]);
    } finally {
      await context.close();
    }
  });
});
