import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { type IdTree, untilServerHas, visibleRows } from "./outline";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Registers through the form (as a person would) and returns the id of the user's root node. */
async function register(page: Page): Promise<number> {
  const username = `ol_${Date.now()}`;
  // A first visit stores the app's version without asking (no 应用更新 prompt: nothing to update from).
  await page.goto("/");
  await page.getByRole("button", { name: "还没有账号？注册" }).click();
  await page.getByLabel("用户名").fill(username);
  await page.getByLabel("邮箱").fill(`${username}@example.com`);
  await page.getByLabel("密码").fill("correct horse battery");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await page.getByRole("button", { name: username }).waitFor();
  return page.evaluate(() => JSON.parse(localStorage.getItem("user")!).content.user_root_node_id as number);
}

/**
 * Clicks 新建子节点 and waits, as a person waits to see the caret, until the new empty row has it: keys
 * typed before that would go to the button (an Enter there makes another row).
 */
async function newChildRow(page: Page): Promise<void> {
  await page.getByRole("button", { name: "新建子节点" }).click();
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return (
      active instanceof HTMLTextAreaElement &&
      active.value === "" &&
      active.closest('[role="treeitem"]') !== null
    );
  });
}

/** A signed-in API read from inside the page, with the page's own token. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(`/api${p}`, {
      headers: { authorization: `Bearer ${localStorage.getItem("access_token")}` },
    });
    return response.json();
  }, path) as Promise<T>;
}

/** Waits until the server holds `expected` under the node. */
const untilServerHasTree = (page: Page, id: number, expected: unknown[]) =>
  untilServerHas(() => apiGet<IdTree>(page, `/dnode/${id}/id_tree`), expected);

/** Clicks into a row's name and puts the caret at its end. */
async function focusEnd(page: Page, name: string): Promise<void> {
  await page.getByRole("treeitem", { name, exact: true }).getByRole("textbox").click();
  await page.keyboard.press("End");
}

describe("the outliner in the browser", () => {
  it("types a tree by keyboard, keeps it across a reload, reads a DEF: prefix, and ignores Enter while an IME composes", async () => {
    const { context, page } = await newPage(browser);
    try {
      const rootId = await register(page);

      // A node under the user's root, made from the root's page.
      await page.goto(`/data/${rootId}`);
      await newChildRow(page);
      await page.keyboard.type("大纲测试");
      // Alt+→ opens the row's node as the page (its bullet links there too).
      const href = await page.getByRole("link", { name: "打开「大纲测试」" }).getAttribute("href");
      const nodeId = Number(href?.split("/").pop());
      expect(nodeId).toBeGreaterThan(rootId);
      await page.keyboard.press("Alt+ArrowRight");
      await page.waitForURL(`**/data/${nodeId}`);
      await page.getByRole("heading", { name: "大纲测试" }).waitFor();

      // Three levels with Enter, Tab and Shift+Tab, then Alt+Up.
      await newChildRow(page);
      await page.keyboard.type("一");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.type("二");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.type("三");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.type("四");
      await page.keyboard.press("Alt+ArrowUp");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.type("五");
      const typed: [number, string][] = [
        [1, "一"],
        [2, "四"],
        [2, "二"],
        [3, "三"],
        [1, "五"],
      ];
      expect(await visibleRows(page)).toEqual(typed);
      await untilServerHasTree(page, nodeId, [["一", ["四", ["二", ["三"]]]], "五"]);

      await page.reload();
      await page.getByRole("heading", { name: "大纲测试" }).waitFor();
      await expect.poll(() => visibleRows(page), { timeout: 10_000 }).toEqual(typed);
      const level3 = page.getByRole("treeitem", { name: "三" });
      expect(await level3.getAttribute("aria-level")).toBe("3");
      expect(await page.getByRole("treeitem", { name: "一" }).getAttribute("aria-expanded")).toBe("true");

      // A prefix typed with its colon becomes the type, shown as its label.
      await focusEnd(page, "五");
      await page.keyboard.press("Enter");
      await page.keyboard.type("DEF:定义");
      const defRow = page.getByRole("treeitem", { name: "定义 定义" });
      await defRow.waitFor();
      expect(await defRow.getByTitle("类型：DEF").textContent()).toBe("定义");
      await untilServerHasTree(page, nodeId, [["一", ["四", ["二", ["三"]]]], "五", "定义"]);
      const tree = await apiGet<IdTree>(page, `/dnode/${nodeId}/id_tree`);
      expect(tree.children[2]).toMatchObject({ name: "定义", type: "DEF" });
      await page.reload();
      await page.getByRole("treeitem", { name: "定义 定义" }).getByTitle("类型：DEF").waitFor();

      // An IME composition: Enter that picks a candidate must not make a row.
      await focusEnd(page, "五");
      const cdp = await context.newCDPSession(page);
      await page.evaluate(() => {
        const seen: { key: string; isComposing: boolean; keyCode: number }[] = [];
        (window as unknown as { seenKeys: typeof seen }).seenKeys = seen;
        document.addEventListener(
          "keydown",
          (e) => seen.push({ key: e.key, isComposing: e.isComposing, keyCode: e.keyCode }),
          true,
        );
      });
      await cdp.send("Input.imeSetComposition", { text: "zhi", selectionStart: 3, selectionEnd: 3 });
      await cdp.send("Input.dispatchKeyEvent", {
        type: "rawKeyDown",
        key: "Enter",
        code: "Enter",
        windowsVirtualKeyCode: 13,
        nativeVirtualKeyCode: 13,
      });
      await cdp.send("Input.insertText", { text: "知" });
      const seen = await page.evaluate(
        () => (window as unknown as { seenKeys: { key: string; isComposing: boolean }[] }).seenKeys,
      );
      // The browser told the page the Enter belonged to the composition.
      expect(seen).toEqual([expect.objectContaining({ key: "Enter", isComposing: true })]);
      await untilServerHasTree(page, nodeId, [["一", ["四", ["二", ["三"]]]], "五知", "定义"]);
      // The rows under 一 load again after the reload above, each level when its parent opens: wait.
      await expect
        .poll(async () => (await visibleRows(page)).map(([, name]) => name), { timeout: 10_000 })
        .toEqual(["一", "四", "二", "三", "五知", "定义"]);

      // After the composition, Enter makes a row again.
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await visibleRows(page)).length).toBe(7);
      await page.screenshot({ path: "test-results/outliner.png" });
    } finally {
      await context.close();
    }
  });
});
