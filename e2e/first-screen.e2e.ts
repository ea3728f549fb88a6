import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type Account, createAccount, makeNode, signedInPage } from "./session";

// Issue 18 point 5: the node page's first screen is drawn by the early script from the first-screen
// answer before the app has started, where the app then puts the same rows, and gives way to them.

let browser: Browser;
let owner: Account;
let pageId: number;
let textPageId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await createAccount("fscreen");
  const tree = await makeNode(owner, { type: "DIR", name: "首屏测试" });
  pageId = await makeNode(owner, { name: "读书笔记", location_id: tree });
  for (const [i, name] of ["第一条", "<b>第二条</b>", "第三条"].entries())
    await makeNode(owner, { name, location_id: pageId, ...(i === 2 ? { type: "DIR" } : {}) });
  textPageId = await makeNode(owner, { name: "有正文", location_id: tree, content: { text: "<p>正文</p>" } });
  await makeNode(owner, { name: "正文下的行", location_id: textPageId });
});
afterAll(() => browser?.close());

interface Seen {
  early?: { y: number; nameX: number; names: string[] };
  real?: { y: number; nameX: number; earlyGone: boolean };
}

/**
 * Opens the page with the app's code held back `delayMs` (so the early screen has its moment, as on a
 * slow machine), recording the first drawn rows and the app's first row as they enter the DOM.
 */
async function open(id: number, delayMs: number): Promise<{ page: Page; seen: () => Promise<Seen> }> {
  const { page } = await signedInPage(browser, owner);
  await page.addInitScript(() => {
    const seen: Seen = {};
    (window as unknown as { __seen: Seen }).__seen = seen;
    new MutationObserver(() => {
      const early = document.querySelector("[data-early-row]");
      if (early && !seen.early)
        seen.early = {
          y: early.getBoundingClientRect().y,
          nameX: early.querySelector(".early-name")?.getBoundingClientRect().x ?? -1,
          names: [...document.querySelectorAll(".early-name")].map((n) => n.textContent ?? ""),
        };
      const real = document.querySelector('[role="tree"] [role="treeitem"]');
      if (real && !seen.real)
        seen.real = {
          y: real.getBoundingClientRect().y,
          nameX: real.querySelector(".ol-name")?.getBoundingClientRect().x ?? -1,
          earlyGone: !document.getElementById("early-screen"),
        };
    }).observe(document, { subtree: true, childList: true });
  });
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await page.goto(`/data/${id}`);
  return { page, seen: () => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen) };
}

describe("the early first screen", () => {
  it("draws the rows before the app, where the app puts them, and gives way in the same frame", async () => {
    const { page, seen } = await open(pageId, 2_500);
    try {
      await page.locator("[data-early-row]").first().waitFor();
      // The app has not started: the page shows the drawn rows, as text.
      expect(await page.locator("#root").innerHTML()).toBe("");
      await page.getByRole("treeitem", { name: "第一条" }).waitFor();
      const { early, real } = await seen();
      expect(early?.names).toEqual(["第一条", "<b>第二条</b>", "第三条"]);
      expect(real?.earlyGone).toBe(true);
      expect(Math.abs((early?.y ?? 0) - (real?.y ?? 1e9))).toBeLessThanOrEqual(2);
      expect(Math.abs((early?.nameX ?? 0) - (real?.nameX ?? 1e9))).toBeLessThanOrEqual(2);
      expect(await page.locator("#early-screen").count()).toBe(0);
      // The app's rows take keys at once.
      await page.getByRole("treeitem", { name: "第一条" }).locator(".ol-name").click();
      await page.keyboard.press("End");
      await page.keyboard.type("！");
      await expect.poll(() => page.locator(".ol-name").first().inputValue()).toBe("第一条！");
    } finally {
      await page.context().close();
    }
  });

  it("is not drawn where the app shows something else above the tree (a node's text)", async () => {
    const { page, seen } = await open(textPageId, 800);
    try {
      await page.getByRole("treeitem", { name: "正文下的行" }).waitFor();
      expect((await seen()).early).toBeUndefined();
    } finally {
      await page.context().close();
    }
  });
});
