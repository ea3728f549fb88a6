import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import { launchBrowser } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("accessibility", () => {
  it("home, a node page with its tree, text and fields, and the public knowledge page pass WCAG 2 A and AA", async () => {
    const account = await createAccount("a11y");
    const tree = await makeNode(account, { type: "DIR", name: "几何", location_id: account.rootId });
    const note = await makeNode(account, {
      name: "勾股定理",
      location_id: tree,
      content: { text: "<p>直角三角形两条<strong>直角边</strong>的平方和等于斜边的平方。</p>", priority: 3 },
    });
    await makeNode(account, { type: "EX", name: "a^2+b^2=c^2", location_id: tree });
    await makeNode(account, { type: "DEF", name: "直角三角形", location_id: tree });
    await makeNode(account, { name: `参见@{${note}}`, location_id: tree });
    await apiCall(account, "POST", "/anchor-auth/publish/", { dnode_id: tree, is_public: true });

    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto("/");
      await page.getByText("几何").first().waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`/data/${tree}`);
      await page.getByRole("treeitem", { name: "定义 直角三角形" }).waitFor();
      // A formula row draws with KaTeX, which loads on first use.
      await page.locator('[role="tree"] .katex').first().waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto(`/data/${note}`);
      await page.getByRole("textbox", { name: "「勾股定理」的正文" }).waitFor();
      await page.getByText("优先级").waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto("/public-knowledge");
      await page.getByText("几何").first().waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
