import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

// axe-core checks the rendered page against WCAG 2 A and AA: names of controls, labels, ARIA use,
// colour contrast.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * The WCAG A/AA violations on the page as it stands. One is left out: antd's editable tabs put their
 * "add" button inside the role=tablist element, which ARIA does not allow; it is antd's markup, and the
 * button itself is named (新建标签页).
 */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP rightly forbids those.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })) as {
      violations: { id: string; help: string; nodes: { target: string[]; html: string }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }));
  });
  return found
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter(
        (n) => !(v.id === "aria-required-children" && n.target.join(" ").includes("ant-tabs-nav")),
      ),
    }))
    .filter((v) => v.nodes.length > 0);
}

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
