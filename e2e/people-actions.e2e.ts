import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import { launchBrowser } from "./browser";
import { type Account, apiCall, createAccount, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The signed-in person's own card on /friends. */
const ownCard = (page: Page) => page.getByRole("region", { name: "我的资料" });

/** The text of the menu item that has the keyboard focus (or none). */
const focusedItem = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("role") === "menuitem" ? active.textContent : null;
  });

/** The card's open action menu (not the header's navigation menu). */
const openMenu = (page: Page) => page.locator(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu");

/** Focus on the card's ⋯ button and Enter: the menu opens and takes the focus. */
async function openByKeyboard(page: Page, userName: string) {
  await page.getByRole("button", { name: `${userName} 的操作` }).focus();
  await page.keyboard.press("Enter");
  await openMenu(page).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".ant-dropdown-menu") != null))
    .toBe(true);
}

/** Opens a user card's action menu and takes `label`, from the keyboard alone (↓ moves, Enter takes). */
async function chooseFromMenu(page: Page, userName: string, label: string) {
  await openByKeyboard(page, userName);
  const labels = await openMenu(page).getByRole("menuitem").allTextContents();
  expect(labels).toContain(label);
  // The first item may have the focus already; each ↓ moves it one down (wait for it to move).
  for (let step = 0; step < labels.length && (await focusedItem(page)) !== label; step++) {
    const before = await focusedItem(page);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedItem(page)).not.toBe(before);
  }
  expect(await focusedItem(page)).toBe(label);
  await page.keyboard.press("Enter");
}

/** The labels the card's action menu offers now (opened and closed with the keyboard). */
async function menuLabels(page: Page, userName: string): Promise<string[]> {
  await openByKeyboard(page, userName);
  const labels = await openMenu(page).getByRole("menuitem").allTextContents();
  await page.keyboard.press("Escape");
  await openMenu(page).waitFor({ state: "hidden" });
  return labels;
}

/** The count shown beside `label` on a card (粉丝, 关注…), or null when the card hides it (zero). */
async function statOf(card: ReturnType<Page["getByRole"]>, label: string): Promise<string | null> {
  const labels = await card.locator(".user-card-stats dt").allTextContents();
  const values = await card.locator(".user-card-stats dd").allTextContents();
  const at = labels.indexOf(label);
  return at < 0 ? null : values[at];
}

async function twoPeople(prefix: string): Promise<[Account, Account]> {
  return [await createAccount(`${prefix}_a`), await createAccount(`${prefix}_b`)];
}

describe("people actions on the user card", () => {
  it("A follows B from B's profile (keyboard only); B's card then counts 粉丝 1, on A's screen and on B's /friends", async () => {
    const [a, b] = await twoPeople("follow");
    const mine = await signedInPage(browser, a);
    const theirs = await signedInPage(browser, b);
    try {
      await mine.page.goto(`/user/${b.id}`);
      const card = mine.page.getByRole("article", { name: b.username });
      await card.waitFor();
      expect(await statOf(card, "粉丝")).toBeNull();
      await chooseFromMenu(mine.page, b.username, "关注");
      await mine.page.getByRole("alert").getByText("已关注").waitFor();
      await expect.poll(() => statOf(card, "粉丝")).toBe("1");
      expect(await menuLabels(mine.page, b.username)).toContain("取消关注");
      expect(await violations(mine.page)).toEqual([]);

      // B sees the follower on their own card and in the 粉丝 list.
      await theirs.page.goto("/friends");
      await expect.poll(() => statOf(ownCard(theirs.page), "粉丝")).toBe("1");
      await theirs.page.getByRole("button", { name: /^粉丝\s*1/ }).click();
      await theirs.page.getByRole("list", { name: "粉丝" }).getByRole("link", { name: a.username }).waitFor();

      // 取消关注 takes it back: the count is gone from the card.
      await chooseFromMenu(mine.page, b.username, "取消关注");
      await mine.page.getByRole("alert").getByText("已取消关注").waitFor();
      await expect.poll(() => statOf(card, "粉丝")).toBeNull();
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it("A blocks B after confirming; B's friend request to A is refused in the server's words", async () => {
    const [a, b] = await twoPeople("block");
    const mine = await signedInPage(browser, a);
    const theirs = await signedInPage(browser, b);
    try {
      await mine.page.goto(`/user/${b.id}`);
      await mine.page.getByRole("article", { name: b.username }).waitFor();
      await chooseFromMenu(mine.page, b.username, "拉黑");
      const confirm = mine.page.getByRole("dialog", { name: `确定拉黑 ${b.username} 吗？` });
      await confirm.waitFor();
      await expect.poll(() => mine.page.locator('.ant-modal[class*="ant-zoom"]').count()).toBe(0);
      expect(await violations(mine.page)).toEqual([]);
      // The confirm's own button (拉黑) has the focus: Enter blocks.
      expect(await mine.page.evaluate(() => document.activeElement?.textContent)).toBe("拉黑");
      await mine.page.keyboard.press("Enter");
      await mine.page.getByRole("alert").getByText("已拉黑").waitFor();
      expect(await menuLabels(mine.page, b.username)).toContain("取消拉黑");

      // B tries to add A from /friends.
      await theirs.page.goto("/friends");
      await theirs.page.getByRole("button", { name: "添加好友" }).click();
      const dialog = theirs.page.getByRole("dialog", { name: "添加好友" });
      const search = dialog.getByRole("combobox", { name: "搜索用户" });
      await search.fill(a.username);
      await theirs.page.locator(".ant-select-item-option", { hasText: a.username }).click();
      await dialog.getByRole("button", { name: "发送请求" }).click();
      await theirs.page.getByRole("alert").getByText("对方已将你拉黑，无法发送好友请求").waitFor();
      // Nothing reached A.
      const { results } = await apiCall<{ results: unknown[] }>(
        a,
        "GET",
        "/process/my_processes/?page=1&page_size=20",
      );
      expect(results).toEqual([]);
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it("A removes friend B after confirming; both lose the friend", async () => {
    const [a, b] = await twoPeople("unfriend");
    const { process_id } = await apiCall<{ process_id: number }>(a, "POST", "/user/friend/request/", {
      user_id: b.id,
    });
    await apiCall(b, "POST", `/dnode/call_action/${process_id}/accept_friend`, {});
    const { page, context } = await signedInPage(browser, a);
    try {
      await page.goto("/friends");
      await expect.poll(() => statOf(ownCard(page), "好友")).toBe("1");
      await page.getByRole("button", { name: /^好友\s*1/ }).click();
      await page.getByRole("list", { name: "好友" }).getByRole("link", { name: b.username }).waitFor();
      await chooseFromMenu(page, b.username, "删除好友");
      await page
        .getByRole("dialog", { name: `确定删除好友 ${b.username} 吗？` })
        .getByRole("button", { name: "删除好友" })
        .click();
      await page.getByRole("alert").getByText("已删除好友").waitFor();
      await expect.poll(() => statOf(ownCard(page), "好友")).toBeNull();
      const theirs = await apiCall<{ content: { stats: { friends_count: number } } }>(
        b,
        "GET",
        "/user/virtual-node/current/",
      );
      expect(theirs.content.stats.friends_count).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("编辑资料", () => {
  it("A edits the description and display name on /friends; they show after a reload, and to others", async () => {
    const [a, b] = await twoPeople("profile");
    const { page, context } = await signedInPage(browser, a);
    try {
      await page.goto("/friends");
      await ownCard(page).getByRole("button", { name: "编辑资料" }).click();
      const dialog = page.getByRole("dialog", { name: "编辑资料" });
      await dialog.getByRole("textbox", { name: "显示名称" }).fill("爱读书的人");
      await dialog.getByRole("textbox", { name: "个人简介" }).fill("每周读一本书");
      await expect.poll(() => page.locator('.ant-modal[class*="ant-zoom"]').count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "保存" }).click();
      await page.getByRole("alert").getByText("资料已保存").waitFor();
      await dialog.waitFor({ state: "hidden" });

      await page.reload();
      await ownCard(page).getByText("每周读一本书").waitFor();
      await ownCard(page).getByRole("heading", { name: "爱读书的人" }).waitFor();
      const seen = await apiCall<{ name: string; content: { description: string } }>(
        b,
        "GET",
        `/user/virtual-node/?user_id=${a.id}`,
      );
      expect(seen).toMatchObject({ name: "爱读书的人", content: { description: "每周读一本书" } });
    } finally {
      await context.close();
    }
  });
});
