import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type IdTree, untilServerHas, visibleRows } from "./outline";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const serverTree = (account: Account, id: number) => () =>
  apiCall<IdTree>(account, "GET", `/dnode/${id}/id_tree`);

/** Clicks 新建子节点 and waits until the new empty row has the caret. */
async function newChildRow(page: Page): Promise<void> {
  await page.getByRole("button", { name: "新建子节点" }).click();
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return (
      active instanceof HTMLTextAreaElement && active.value === "" && active.closest('[role="treeitem"]')
    );
  });
}

/** Issue 11 item 3: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo typing and structure on one stack. */
describe("undo and redo in the outliner", () => {
  it("undoes a Tab before the typing, then the typing, then the new row, and redoes them all", async () => {
    const account = await createAccount("undo");
    const id = await makeNode(account, { name: "朝代" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await page.getByRole("heading", { level: 2, name: "朝代" }).waitFor();
      await newChildRow(page);
      await page.keyboard.type("宋朝");
      await page.keyboard.press("Enter");
      await page.keyboard.type("元朝");
      await page.keyboard.press("Tab");
      await untilServerHas(serverTree(account, id), [["宋朝", ["元朝"]]]);

      await page.keyboard.press("Control+z"); // the Tab, keeping the text
      await untilServerHas(serverTree(account, id), ["宋朝", "元朝"]);
      await page.keyboard.press("Control+z"); // the typing of 元朝, as one run
      await untilServerHas(serverTree(account, id), ["宋朝", ""]);
      expect(await visibleRows(page)).toEqual([
        [1, "宋朝"],
        [1, ""],
      ]);
      await page.keyboard.press("Control+z"); // the row Enter made
      await untilServerHas(serverTree(account, id), ["宋朝"]);

      await page.keyboard.press("Control+Shift+Z");
      await page.keyboard.press("Control+Shift+Z");
      await page.keyboard.press("Control+y");
      await untilServerHas(serverTree(account, id), [["宋朝", ["元朝"]]]);
      expect(await visibleRows(page)).toEqual([
        [1, "宋朝"],
        [2, "元朝"],
      ]);

      // What was redone survives a reload.
      await page.reload();
      await page.getByRole("treeitem", { name: "宋朝" }).waitFor();
      await untilServerHas(serverTree(account, id), [["宋朝", ["元朝"]]]);
    } finally {
      await context.close();
    }
  });
});
