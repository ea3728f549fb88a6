import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens a URL by address, as a person typing it would, and waits for its tab. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector(`.workspace-main [data-tab-url="${url}"]`);
}

/** Client-side navigations fire no load event; wait for the address itself. */
const waitForPath = (page: Page, path: string) =>
  page.waitForFunction((p) => location.pathname === p, path, { timeout: 10_000 });

async function waitForTabs(page: Page, expected: string[]) {
  await page.waitForFunction(
    (names) =>
      JSON.stringify(
        [...document.querySelectorAll(".workspace-main .ant-tabs-tab [data-tab-url]")].map(
          (t) => t.textContent,
        ),
      ) === JSON.stringify(names),
    expected,
  );
}

describe("the tab workspace", () => {
  it("opens nodes as tabs, closes the active one onto its neighbour, and follows the person to a second browser", async () => {
    const alice = await createAccount("tabs");
    const ids = [];
    for (const name of ["甲", "乙", "丙"]) ids.push(await makeNode(alice, { name }));
    const { context, page } = await signedInPage(browser, alice);
    try {
      for (const id of ids) await visit(page, `/data/${id}`);
      await waitForTabs(page, ["甲", "乙", "丙"]);

      await page.getByRole("tab", { name: "甲" }).click();
      await waitForPath(page, `/data/${ids[0]}`);
      await page.getByRole("img", { name: "关闭「甲」" }).click();
      await waitForPath(page, `/data/${ids[1]}`);
      await waitForTabs(page, ["乙", "丙"]);

      // The server has the tabs once the debounced save has gone out.
      await page.waitForTimeout(1500);
      const second = await signedInPage(browser, alice);
      try {
        await second.page.goto("/");
        await waitForTabs(second.page, ["乙", "丙"]);
      } finally {
        await second.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it("opens /ask in the side panel, and keeps the dragged splitter width across a reload", async () => {
    const bob = await createAccount("sider");
    const { context, page } = await signedInPage(browser, bob);
    try {
      await visit(page, "/empty");
      await page.goto("/ask");
      const sider = page.getByRole("complementary", { name: "侧边栏" });
      await sider.waitFor();
      await waitForPath(page, "/empty");
      expect(await sider.getByRole("heading", { name: "问AI" }).isVisible()).toBe(true);

      const splitter = page.getByRole("separator", { name: "拖动调整侧边栏宽度" });
      const box = (await splitter.boundingBox())!;
      await page.mouse.move(box.x + 3, box.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x - 150, box.y + 20, { steps: 5 });
      await page.mouse.up();
      const widened = await sider.evaluate((el) => el.getBoundingClientRect().width);
      expect(widened).toBeGreaterThan(700);
      await page.reload();
      await sider.waitFor();
      expect(
        Math.abs((await sider.evaluate((el) => el.getBoundingClientRect().width)) - widened),
      ).toBeLessThan(2);
    } finally {
      await context.close();
    }
  });
});

describe("links across panels", () => {
  it("moves a tab to the side panel, and a node link clicked there opens in the main panel", async () => {
    const frank = await createAccount("links");
    const parent = await makeNode(frank, { name: "父节点" });
    const child = await makeNode(frank, { name: "子节点", location_id: parent });
    const { context, page } = await signedInPage(browser, frank);
    try {
      await visit(page, `/data/${parent}`);
      await page.getByRole("button", { name: "移到侧边栏" }).click();
      const sider = page.getByRole("complementary", { name: "侧边栏" });
      await sider.getByRole("treeitem", { name: "子节点" }).waitFor();
      await waitForPath(page, "/");
      await sider.locator(`a[href="/data/${child}"]`).first().click();
      await waitForPath(page, `/data/${child}`);
      await page.waitForSelector(`.workspace-main [data-tab-url="/data/${child}"]`);
    } finally {
      await context.close();
    }
  });
});

describe("home", () => {
  it("plants two trees, reorders their cards by drag, and finds the order kept after a reload", async () => {
    const carol = await createAccount("home");
    const { context, page } = await signedInPage(browser, carol);
    try {
      await page.goto("/");
      for (const name of ["第一棵", "第二棵"]) {
        await page.getByRole("button", { name: "种一棵知识树" }).click();
        const dialog = page.locator(".ant-modal");
        await page.getByRole("textbox", { name: "名称" }).fill(name);
        await page.getByRole("button", { name: "种下" }).click();
        await page.getByText(`已种下「${name}」`).waitFor();
        await dialog.waitFor({ state: "detached" });
      }
      const cards = () =>
        page.evaluate(() =>
          [...document.querySelectorAll(".home-grid [role=link]")].map((c) => c.getAttribute("aria-label")),
        );
      expect(await cards()).toEqual(["打开「第一棵」", "打开「第二棵」"]);
      await page
        .getByRole("link", { name: "打开「第二棵」" })
        .dragTo(page.getByRole("link", { name: "打开「第一棵」" }));
      await page.getByText("排序已保存").waitFor();
      expect(await cards()).toEqual(["打开「第二棵」", "打开「第一棵」"]);
      await page.reload();
      await page.getByRole("link", { name: "打开「第一棵」" }).waitFor();
      expect(await cards()).toEqual(["打开「第二棵」", "打开「第一棵」"]);
    } finally {
      await context.close();
    }
  });
});

describe("favourites", () => {
  it("favours a node from its menu, refuses a second time, and lists it under my favourites", async () => {
    const erin = await createAccount("fav");
    const node = await makeNode(erin, { name: "值得收藏" });
    const { context, page } = await signedInPage(browser, erin);
    try {
      await visit(page, `/data/${node}`);
      for (const expected of ["已收藏", "该知识点已经收藏过了"]) {
        await page.getByRole("button", { name: "更多操作" }).click();
        await page.getByRole("menuitem", { name: "收藏" }).click();
        await page.getByText(expected).waitFor();
      }
      await page.goto("/");
      await page.getByRole("button", { name: "我的收藏" }).click();
      await page.getByRole("treeitem", { name: "值得收藏" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the header's search-and-create box", () => {
  it("creates a DEF node from DEF:勾股定理 and opens it with its label", async () => {
    const dave = await createAccount("box");
    const { context, page } = await signedInPage(browser, dave);
    try {
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "搜索或新建知识点" });
      await box.fill("DEF:勾股定理");
      await box.press("Enter");
      await page.getByText("已创建知识点：勾股定理").waitFor();
      await page.waitForURL(/\/data\/\d+$/);
      await page.getByText("定义", { exact: true }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
