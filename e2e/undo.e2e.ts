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

/** The outline journals left in local storage (edits the server has not confirmed). */
const unsentJournals = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("zhishu-outline-journal:")));

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

  it("keeps rows typed and renamed without a network, says so, and saves them when it returns", async () => {
    const account = await createAccount("offline");
    const id = await makeNode(account, { name: "离线" });
    await makeNode(account, { name: "已有", location_id: id, relation_name: "CHILD_NODE" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await page.getByRole("treeitem", { name: "已有" }).waitFor();
      await context.setOffline(true);
      await page.getByRole("treeitem", { name: "已有" }).getByRole("textbox").click();
      await page.keyboard.press("End");
      await page.keyboard.type("改名");
      await page.keyboard.press("Enter");
      await page.keyboard.type("断网新行");
      await page.getByText("网络已断开", { exact: false }).waitFor({ timeout: 10_000 });
      expect(await visibleRows(page)).toEqual([
        [1, "已有改名"],
        [1, "断网新行"],
      ]);
      // The row the server has not made yet, and the one whose new name waits, are marked as waiting.
      await expect
        .poll(() =>
          page
            .locator(".ol-row-pending")
            .evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label"))),
        )
        .toEqual(["已有改名", "断网新行"]);

      await context.setOffline(false);
      await untilServerHas(serverTree(account, id), ["已有改名", "断网新行"]);
      await expect.poll(() => page.locator(".ol-row-pending").count()).toBe(0);
      await page.getByText("网络已断开", { exact: false }).waitFor({ state: "detached", timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  it("sends rows typed while the server could not be reached again after a reload", async () => {
    const account = await createAccount("replay");
    const id = await makeNode(account, { name: "重发" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await page.getByRole("heading", { level: 2, name: "重发" }).waitFor();
      // The server is unreachable for writes: every new row and name save fails.
      const refuse = (route: import("playwright-core").Route) => route.abort("connectionrefused");
      await page.route(/\/api\/dnode\/(create\/|\d+\/update)/, refuse);
      await newChildRow(page);
      await page.keyboard.type("宋朝");
      await page.keyboard.press("Enter");
      await page.keyboard.type("元朝");
      await page.keyboard.press("Tab");
      await page.getByText("网络已断开", { exact: false }).waitFor({ timeout: 10_000 });

      // A reload before any of it landed: the tab sends it all again once it is back, the Tab included.
      await page.unroute(/\/api\/dnode\/(create\/|\d+\/update)/, refuse);
      await page.reload();
      await untilServerHas(serverTree(account, id), [["宋朝", ["元朝"]]]);
      await page.getByRole("treeitem", { name: "宋朝" }).waitFor();
      expect(await unsentJournals(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("makes a row once when the server made it but its answer was lost, across a reload", async () => {
    const account = await createAccount("lostanswer");
    const id = await makeNode(account, { name: "丢失的回答" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await page.getByRole("heading", { level: 2, name: "丢失的回答" }).waitFor();
      // The first creation reaches the server, which makes the row, but its answer never comes back;
      // every later write fails outright, so the tab is left waiting with both in its journal.
      let creations = 0;
      const loseAnswers = async (route: import("playwright-core").Route) => {
        if (route.request().url().includes("/create/") && creations++ === 0) {
          await route.fetch();
          await route.abort("connectionreset");
        } else await route.abort("connectionrefused");
      };
      await page.route(/\/api\/dnode\/(create\/|\d+\/update)/, loseAnswers);
      await newChildRow(page);
      await page.keyboard.type("只有一行");
      await page.getByText("网络已断开", { exact: false }).waitFor({ timeout: 10_000 });
      expect(creations).toBeGreaterThan(0);

      await page.unroute(/\/api\/dnode\/(create\/|\d+\/update)/, loseAnswers);
      await page.reload();
      await untilServerHas(serverTree(account, id), ["只有一行"]);
      await page.getByRole("treeitem", { name: "只有一行" }).waitFor();
      // One row, not the lost one plus a second: the replayed creation found the first one.
      expect(await unsentJournals(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("sends rows typed in a tab closed while offline from the next page the person opens", async () => {
    const account = await createAccount("closedtab");
    const id = await makeNode(account, { name: "关掉的标签" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await page.getByRole("heading", { level: 2, name: "关掉的标签" }).waitFor();
      const refuse = (route: import("playwright-core").Route) => route.abort("connectionrefused");
      await page.route(/\/api\/dnode\/(create\/|\d+\/update)/, refuse);
      await newChildRow(page);
      await page.keyboard.type("关前写的");
      await page.keyboard.press("Enter");
      await page.keyboard.type("第二行");
      await page.getByText("网络已断开", { exact: false }).waitFor({ timeout: 10_000 });
      await page.close();

      // Another page of the same browser, opened later anywhere in the tree, sends them.
      const later = await context.newPage();
      await later.goto(`/data/${id}`);
      await untilServerHas(serverTree(account, id), ["关前写的", "第二行"]);
      await later.getByRole("treeitem", { name: "第二行" }).waitFor();
      expect(await unsentJournals(later)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
