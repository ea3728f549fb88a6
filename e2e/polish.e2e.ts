import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

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

const waitForPath = (page: Page, path: string) =>
  page.waitForFunction((p) => location.pathname === p, path, { timeout: 10_000 });

const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });

const mainTabs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".workspace-main .ant-tabs-tab [data-tab-url]")].map((t) => [
      t.getAttribute("data-tab-url"),
      t.textContent,
    ]),
  );

async function chooseMenu(page: Page, item: string) {
  await page.getByRole("button", { name: "更多操作" }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

describe("a first visit", () => {
  it("asks nothing about updates, and a reload does not either", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto("/");
      await page.getByLabel("用户名").waitFor();
      await page.waitForFunction(() => localStorage.getItem("app_version") !== null);
      await page.waitForTimeout(300);
      expect(await page.getByRole("dialog", { name: "应用更新" }).count()).toBe(0);
      expect(await page.title()).toBe("登录 - 知树");
      await page.reload();
      await page.getByLabel("用户名").waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByRole("dialog", { name: "应用更新" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("tabs and titles", () => {
  it("names the window after the active tab, never shows a URL, and reuses the tab a URL already has", async () => {
    const alice = await createAccount("titles");
    const parent = await makeNode(alice, { name: "机器学习" });
    const child = await makeNode(alice, { name: "监督学习", location_id: parent });
    const { context, page } = await signedInPage(browser, alice);
    try {
      await visit(page, `/data/${child}`);
      await waitForTitle(page, "监督学习 - 知树");
      await visit(page, "/friends");
      await waitForTitle(page, "我的好友 - 知树");
      await visit(page, `/data/${parent}`);
      await waitForTitle(page, "机器学习 - 知树");
      expect(await mainTabs(page)).toEqual([
        [`/data/${child}`, "监督学习"],
        ["/friends", "我的好友"],
        [`/data/${parent}`, "机器学习"],
      ]);

      // The child's row links to a page a tab already shows: that tab becomes active, nothing is added.
      await page.getByRole("treeitem", { name: "监督学习" }).waitFor();
      await page.locator(`.workspace-main a[href="/data/${child}"]`).first().click();
      await waitForPath(page, `/data/${child}`);
      await waitForTitle(page, "监督学习 - 知树");
      expect(await page.getByRole("complementary", { name: "侧边栏" }).count()).toBe(0);
      // The same address typed again, with a trailing slash: still the one tab.
      await page.goto(`/data/${parent}/`);
      await waitForPath(page, `/data/${parent}`);
      await waitForTitle(page, "机器学习 - 知树");
      expect((await mainTabs(page)).length).toBe(3);
      expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("机器学习");
    } finally {
      await context.close();
    }
  });

  it("shows an error page in its tab but never brings that tab back", async () => {
    const bob = await createAccount("broken");
    const node = await makeNode(bob, { name: "还在的" });
    const { context, page } = await signedInPage(browser, bob);
    try {
      await visit(page, `/data/${node}`);
      await visit(page, "/data/999999999");
      await page.getByText("该知识点不存在，可能已被删除").waitFor();
      expect((await mainTabs(page)).map(([url]) => url)).toEqual([`/data/${node}`, "/data/999999999"]);
      // The next start (here a reload of the other page) has only the page that exists.
      await page.waitForTimeout(300);
      await visit(page, `/data/${node}`);
      await waitForTitle(page, "还在的 - 知树");
      expect(await mainTabs(page)).toEqual([[`/data/${node}`, "还在的"]]);
    } finally {
      await context.close();
    }
  });
});

describe("a node link opened signed out", () => {
  it("asks for the login on the spot and then shows that node", async () => {
    const carol = await createAccount("returns");
    const node = await makeNode(carol, { name: "回到这里" });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`/data/${node}`);
      await page.getByText("请先登录").waitFor();
      await page.getByLabel("用户名").fill(carol.username);
      await page.getByLabel("密码").fill(carol.password);
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await page.getByRole("heading", { level: 2, name: "回到这里" }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/data/${node}`);
      await waitForTitle(page, "回到这里 - 知树");
    } finally {
      await context.close();
    }
  });
});

describe("sharing, found", () => {
  it("grants through 授权访问, and the tree appears on the recipient's home under 分享给我的", async () => {
    const owner = await createAccount("giver");
    const reader = await createAccount("getter");
    const tree = await makeNode(owner, { type: "DIR", name: "送出的树" });
    const mine = await signedInPage(browser, owner);
    const theirs = await signedInPage(browser, reader);
    try {
      await visit(mine.page, `/data/${tree}`);
      await mine.page.getByRole("button", { name: "分享" }).click();
      await mine.page.getByRole("combobox", { name: "搜索用户" }).fill(reader.username);
      await mine.page.locator(".ant-select-item-option", { hasText: reader.username }).click();
      const ask = mine.page.getByRole("dialog", { name: "授权访问" });
      await ask.getByText(`用户 ${reader.username} 没有访问该知识点的权限`).waitFor();
      await ask.getByText("可读权限").click();
      await ask.getByRole("button", { name: "授权" }).click();
      await mine.page.getByText("授权成功").waitFor();
      await mine.page.getByText(`${reader.username} 会在首页的「分享给我的」里找到它。`).waitFor();

      await theirs.page.goto("/");
      const shared = theirs.page.getByRole("region", { name: "分享给我的" });
      await shared.getByRole("link", { name: "打开「送出的树」" }).waitFor();
      await shared.getByText(`${owner.username} 分享`).waitFor();
      await shared.getByRole("link", { name: "打开「送出的树」" }).click();
      await theirs.page.getByRole("heading", { level: 2, name: "送出的树" }).waitFor();
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });
});

describe("the ⋮ menu", () => {
  it("copies the node's link and refreshes the page", async () => {
    const dave = await createAccount("menu");
    const node = await makeNode(dave, { name: "旧名字" });
    const { context, page } = await signedInPage(browser, dave);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await visit(page, `/data/${node}`);
      await page.getByRole("heading", { level: 2, name: "旧名字" }).waitFor();
      await chooseMenu(page, "复制链接");
      await page.getByText("链接已复制到剪贴板").waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(new URL(`/data/${node}`, page.url()).href);

      // Changed elsewhere (another device): 刷新 brings it in.
      await apiCall(dave, "POST", `/dnode/${node}/update`, { name: "新名字" });
      await chooseMenu(page, "刷新");
      await page.getByText("刷新成功").waitFor();
      await page.getByRole("heading", { level: 2, name: "新名字" }).waitFor();
      await waitForTitle(page, "新名字 - 知树");
    } finally {
      await context.close();
    }
  });
});

describe("the header", () => {
  it("gives the search box room, files quick notes under 快速笔记, and keeps the links in a narrow window", async () => {
    const erin = await createAccount("header");
    const { context, page } = await signedInPage(browser, erin);
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "搜索或新建知识点" });
      await box.click();
      await page.getByText("搜索，或输入「类型:名称」回车新建").waitFor();
      expect((await page.locator(".search-box").boundingBox())!.width).toBeGreaterThanOrEqual(300);
      for (const note of ["随手一记", "再记一条"]) {
        await page.goto("/");
        await box.fill(note);
        await page.getByText(`回车新建「${note}」，放在「快速笔记」里`).waitFor();
        await box.press("Enter");
        await page.getByText(`已创建知识点：${note}`).waitFor();
        await page.waitForURL(/\/data\/\d+$/);
      }
      await page.goto("/");
      await page.getByRole("link", { name: "打开「快速笔记」" }).waitFor();
      expect(await page.getByRole("link", { name: "打开「随手一记」" }).count()).toBe(0);
      await page.getByRole("link", { name: "打开「快速笔记」" }).click();
      await page.getByRole("treeitem", { name: "随手一记" }).waitFor();
      await page.getByRole("treeitem", { name: "再记一条" }).waitFor();

      await page.setViewportSize({ width: 600, height: 720 });
      await page.getByRole("button", { name: "导航菜单" }).click();
      for (const name of ["我的知识", "我的消息", "问AI", "我的AI", "公共知识"])
        await page.getByRole("menuitem", { name }).waitFor();
    } finally {
      await context.close();
    }
  });
});
