import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import { launchBrowser } from "./browser";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

// Issue 12 points 8, 10–15: typing, links, references, formulas, readers, long lists and the title, in
// Chromium against the real server; what is written is read back from the server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface ServerNode {
  id: number;
  name: string;
  type: string;
  content: Record<string, unknown>;
}

const nodeOf = (account: Account, id: number) => apiCall<ServerNode>(account, "GET", `/dnode/${id}`);

/** Waits until the server's copy of the node has these fields (saves are debounced). */
async function untilNode(account: Account, id: number, fields: Partial<ServerNode>): Promise<void> {
  await expect
    .poll(async () => nodeOf(account, id), { timeout: 15_000, interval: 200 })
    .toMatchObject(fields);
}

/** Clicks into a row's name (a row showing a plain name) and puts the caret at its end. */
async function editRow(page: Page, name: string): Promise<void> {
  await page.getByRole("treeitem", { name, exact: true }).getByRole("textbox").click();
  await page.keyboard.press("End");
}

describe("the outliner, polished (issue 12)", () => {
  it("reads Chinese type labels, makes formulas from \\( \\), and renames the page from its title", async () => {
    const me = await createAccount("polish");
    const tree = await makeNode(me, { type: "DIR", name: "练习" });
    const one = await makeNode(me, { name: "一", location_id: tree });
    const two = await makeNode(me, { name: "二", location_id: tree });
    const three = await makeNode(me, { name: "三", location_id: tree });
    const { context, page } = await signedInPage(browser, me);
    try {
      await page.goto(`/data/${tree}`);
      await page.getByRole("treeitem", { name: "一" }).waitFor();

      // Point 8: an input method types the full-width colon.
      await editRow(page, "一");
      await page.keyboard.press("Control+a");
      await page.keyboard.type("定义：比例");
      await page.getByRole("treeitem", { name: "定义 比例" }).waitFor();
      await editRow(page, "二");
      await page.keyboard.press("Control+a");
      await page.keyboard.type("step:先读题");

      // Point 12: a whole \( … \) name becomes a formula node, drawn once left.
      await editRow(page, "三");
      await page.keyboard.press("Control+a");
      await page.keyboard.type("\\(a^2+b^2=c^2\\)");
      await page.keyboard.press("Escape");
      await page.getByRole("treeitem", { name: /公式/ }).locator(".katex").waitFor();

      await untilNode(me, one, { name: "比例", type: "DEF" });
      await untilNode(me, two, { name: "先读题", type: "STEP" });
      await untilNode(me, three, { name: "a^2+b^2=c^2", type: "EX" });

      // Point 15: the title is typed into like a row, and the rename survives a reload.
      const title = page.getByRole("textbox", { name: "知识点标题" });
      await title.click();
      await page.keyboard.press("End");
      await page.keyboard.type("题");
      await page.keyboard.press("Enter");
      await untilNode(me, tree, { name: "练习题", type: "DIR" });
      // One undo stack with the rows: Ctrl+Z in the title takes the rename back, Ctrl+Shift+Z redoes it.
      await title.click();
      await page.keyboard.press("Control+z");
      await untilNode(me, tree, { name: "练习" });
      await page.keyboard.press("Control+Shift+z");
      await untilNode(me, tree, { name: "练习题" });
      await page.reload();
      await page.getByRole("heading", { level: 2, name: "目录 练习题" }).waitFor();
      await page.screenshot({ path: "/tmp/outliner-polish-typing.png" });
    } finally {
      await context.close();
    }
  });

  it("shows links that open a new tab, URL hosts, and marks references with 引用自", async () => {
    const me = await createAccount("links");
    const tree = await makeNode(me, { type: "DIR", name: "资料" });
    const elsewhere = await makeNode(me, { type: "DIR", name: "数学" });
    const theorem = await makeNode(me, { name: "勾股定理", location_id: elsewhere });
    await makeNode(me, { name: "说明 https://example.com/guide", location_id: tree });
    await makeNode(me, { type: "URL", name: "https://zh.wikipedia.org/wiki/知识", location_id: tree });
    await apiCall(me, "POST", "/dnode/refer", {
      refered_nodes_ids: [theorem],
      target_node_id: tree,
      relation_name: "CHILD_NODE",
    });
    const { context, page } = await signedInPage(browser, me);
    try {
      await page.goto(`/data/${tree}`);
      // Point 10: the link opens a new browser tab; the name stays editable beside it.
      const link = page.getByRole("link", { name: "https://example.com/guide", exact: true });
      await link.waitFor();
      expect(await link.getAttribute("target")).toBe("_blank");
      const urlRow = page.getByRole("treeitem", { name: /zh\.wikipedia\.org/ });
      expect(await urlRow.locator(".ol-host").textContent()).toBe("zh.wikipedia.org");
      // Nothing is listening at example.com here: the tab's opening is what counts.
      await context.route("https://example.com/**", (route) => route.fulfill({ body: "ok" }));
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      expect(tab.url()).toBe("https://example.com/guide");
      await tab.close();
      const row = page.getByRole("treeitem", { name: "说明 https://example.com/guide" });
      const box = await row.locator(".ol-name-view").boundingBox();
      await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) - 4, (box?.y ?? 0) + 8);
      expect(await row.getByRole("textbox").inputValue()).toBe("说明 https://example.com/guide");

      // Point 11: the referred node is marked, and says where it lives.
      const mark = page
        .getByRole("treeitem", { name: "勾股定理" })
        .getByRole("link", { name: "引用，打开原位置" });
      expect(await mark.getAttribute("href")).toBe(`/data/${elsewhere}`);
      await mark.hover();
      await page.getByText(/引用自 .*数学/).waitFor();
      await page.screenshot({ path: "/tmp/outliner-polish-links.png" });
      // Links, the host, the reference mark and the title field pass WCAG 2 AA as the rest of the page.
      await page.mouse.move(0, 0);
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a reader sees no editing hints and is told so on typing", async () => {
    const owner = await createAccount("owner");
    const reader = await createAccount("reader");
    const tree = await makeNode(owner, { type: "DIR", name: "只读的树" });
    const leaf = await makeNode(owner, { name: "别动我", location_id: tree });
    await apiCall(owner, "POST", "/dnode-permission/", { dnode: tree, user: reader.id, can_read: true });
    const { context, page } = await signedInPage(browser, reader);
    try {
      await page.goto(`/data/${tree}`);
      await page.getByRole("treeitem", { name: "别动我" }).waitFor();
      await page.getByText("只读：你可以查看、复制和引用这棵树，但不能编辑。").waitFor();
      expect(await page.getByText(/回车新建同级节点/).count()).toBe(0);
      expect(await page.getByRole("button", { name: "新建子节点" }).count()).toBe(0);
      expect(await page.getByRole("textbox", { name: "知识点标题" }).count()).toBe(0);
      await page.getByRole("treeitem", { name: "别动我" }).getByRole("textbox").click();
      await page.keyboard.type("x");
      await page.getByText("只读：你没有编辑该知识点的权限").waitFor();
      await page.screenshot({ path: "/tmp/outliner-polish-reader.png" });
      expect(await violations(page)).toEqual([]);
      expect((await nodeOf(owner, leaf)).name).toBe("别动我");
    } finally {
      await context.close();
    }
  });

  it("scrolls through 1,000 children without a click", async () => {
    const me = await createAccount("long");
    const tree = await makeNode(me, { type: "DIR", name: "长列表" });
    for (let start = 0; start < 1000; start += 25)
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          makeNode(me, { name: `第${String(start + i).padStart(4, "0")}项`, location_id: tree }),
        ),
      );
    const { context, page } = await signedInPage(browser, me);
    try {
      await page.goto(`/data/${tree}`);
      const tree$ = page.getByRole("tree", { name: "「长列表」的子节点" });
      await tree$.waitFor();
      await page.getByRole("treeitem").first().waitFor();
      expect(await page.getByRole("treeitem").first().getAttribute("aria-setsize")).toBe("1000");
      let pages = 0;
      page.on("request", (r) => {
        if (r.url().includes("relations_with_data")) pages++;
      });
      // A person keeps scrolling to the end; no click anywhere.
      await expect
        .poll(
          async () => {
            await tree$.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
            return page.getByRole("treeitem").last().getAttribute("aria-posinset");
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe("1000");
      expect(await page.getByRole("button", { name: /加载更多/ }).count()).toBe(0);
      expect(pages).toBeGreaterThanOrEqual(24);
      // The list stays virtualised: a screenful of rows in the page, not a thousand.
      expect(await page.getByRole("treeitem").count()).toBeLessThan(120);
      expect(await page.getByRole("treeitem").last().getAttribute("aria-setsize")).toBe("1000");
      expect(await page.getByRole("treeitem").last().getAttribute("aria-posinset")).toBe("1000");
      await page.screenshot({ path: "/tmp/outliner-polish-long.png" });
    } finally {
      await context.close();
    }
  }, 240_000);
});
