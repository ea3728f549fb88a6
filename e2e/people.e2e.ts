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

/** The count beside a relation entry of /friends (好友, 群组, 粉丝, 关注). */
const relationEntry = (page: Page, label: string) =>
  page.getByRole("button", { name: new RegExp(`^${label}\\s*\\d`) });

/** Opens the 好友 entry of /friends and returns the list it loads. */
async function openFriends(page: Page) {
  await relationEntry(page, "好友").click();
  return page.getByRole("list", { name: "好友" });
}

/** The signed-in person's own card on /friends. */
const ownCard = (page: Page) => page.getByRole("region", { name: "我的资料" });

/** Chooses `who` in the add-friend modal's user searcher, from the keyboard. */
async function chooseByKeyboard(page: Page, who: Account) {
  await page.keyboard.type(who.username.slice(0, 14));
  const option = page.locator(".ant-select-item-option", { hasText: who.username });
  await option.waitFor();
  // The first match is active; ↓/↑ move, Enter takes it.
  while (!(await option.getAttribute("class"))?.includes("ant-select-item-option-active"))
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

describe("people: friend requests between two browsers", () => {
  it("A sends a request with a greeting; B sees it after a reload, accepts; both see each other under 好友 with 1 friend", async () => {
    const a = await createAccount("people_a");
    const b = await createAccount("people_b");
    const mine = await signedInPage(browser, a);
    const theirs = await signedInPage(browser, b);
    try {
      // B is on /friends already: nothing waits yet.
      await theirs.page.goto("/friends");
      await theirs.page.getByText("没有待处理的好友请求").waitFor();

      // A goes to 我的好友 from the avatar menu, finds B by name, writes a greeting and sends.
      await mine.page.goto("/");
      await mine.page.getByRole("button", { name: a.username }).hover();
      await mine.page.getByRole("menuitem", { name: "我的好友" }).click();
      await mine.page.waitForURL("**/friends");
      await mine.page.getByRole("button", { name: "添加好友" }).click();
      const dialog = mine.page.getByRole("dialog", { name: "添加好友" });
      await dialog.getByRole("combobox", { name: "搜索用户" }).waitFor();
      await chooseByKeyboard(mine.page, b);
      expect(await dialog.getByRole("link", { name: `查看 ${b.username} 的资料` }).getAttribute("href")).toBe(
        `/user/${b.id}`,
      );
      await dialog.getByRole("textbox", { name: "问候语" }).fill("你好，我们一起读书吧");
      await dialog.getByText("10 / 200").waitFor();
      await dialog.getByRole("button", { name: "发送请求" }).click();
      await mine.page.getByRole("alert").getByText("好友请求已发送").waitFor();
      await dialog.waitFor({ state: "hidden" });

      // B reloads (a request reaches an open /friends only with the next poll, up to 30 s) and finds
      // it with the greeting.
      await theirs.page.reload();
      const request = theirs.page.locator(".friend-request-card");
      await request.getByText(`${a.username} 请求添加你为好友`).waitFor();
      await request.getByText("你好，我们一起读书吧").waitFor();
      await request.getByRole("button", { name: "接受" }).click();
      await theirs.page.getByRole("alert").getByText("好友请求已接受").waitFor();
      await request.getByText("已接受", { exact: true }).waitFor();
      expect(await request.getByRole("button", { name: "接受" }).count()).toBe(0);

      // B: A is a friend, and B's own card counts one.
      const theirFriends = await openFriends(theirs.page);
      await theirFriends.getByRole("link", { name: a.username }).waitFor();
      await ownCard(theirs.page).locator(".user-card-stats dd", { hasText: "1" }).waitFor();
      expect(await ownCard(theirs.page).locator(".user-card-stats dt").allTextContents()).toEqual(["好友"]);
      expect(await ownCard(theirs.page).locator(".user-card-stats dd").allTextContents()).toEqual(["1"]);

      // A (after a reload): B is a friend, and A's card counts one.
      await mine.page.reload();
      await relationEntry(mine.page, "好友").filter({ hasText: "1" }).waitFor();
      const myFriends = await openFriends(mine.page);
      await myFriends.getByRole("link", { name: b.username }).waitFor();
      expect(await ownCard(mine.page).locator(".user-card-stats dt").allTextContents()).toEqual(["好友"]);
      expect(await ownCard(mine.page).locator(".user-card-stats dd").allTextContents()).toEqual(["1"]);

      // The request's own node page shows the same card, decided.
      const { results } = await apiCall<{ results: { id: number; content: { xtype?: string } }[] }>(
        b,
        "GET",
        "/process/my_processes/?page=1&page_size=20",
      );
      const requestId = results.find((n) => n.content.xtype === "FriendRequestProcess")?.id;
      await theirs.page.goto(`/data/${requestId}`);
      const onNodePage = theirs.page.locator(".friend-request-card");
      await onNodePage.getByText("已接受", { exact: true }).waitFor();
      await onNodePage.getByText("你好，我们一起读书吧").waitFor();
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it("the add-friend modal works from the keyboard alone, and /friends passes axe", async () => {
    const a = await createAccount("people_kb");
    const b = await createAccount("people_kb_b");
    const c = await createAccount("people_kb_c");
    // Something to show: a waiting request from C, and C following A.
    await apiCall(c, "POST", "/user/friend/request/", { user_id: a.id, greeting_message: "认识一下？" });
    await apiCall(c, "POST", "/user/follow/", { user_id: a.id });
    const { page, context } = await signedInPage(browser, a);
    try {
      await page.goto("/friends");
      await page.locator(".friend-request-card").getByText("认识一下？").waitFor();
      await relationEntry(page, "粉丝").click();
      await page.getByRole("list", { name: "粉丝" }).getByRole("link", { name: c.username }).waitFor();
      // The panel opens with a fade; axe reads colours half-faded as low contrast.
      await expect.poll(() => page.locator('.ant-collapse [class*="ant-motion-collapse"]').count()).toBe(0);
      expect(await violations(page)).toEqual([]);

      // Open the modal from the keyboard: it starts in the search box.
      await page.getByRole("button", { name: "添加好友" }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "添加好友" });
      const search = dialog.getByRole("combobox", { name: "搜索用户" });
      await search.waitFor();
      await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);

      // Sending with nobody chosen is refused with the spec's words.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("发送请求");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").getByText("请先选择要添加的用户").waitFor();
      await dialog.getByText("请选择要添加的用户").waitFor();

      // Choose B; the keyboard moves on to the greeting.
      await search.focus();
      await chooseByKeyboard(page, b);
      const greeting = dialog.getByRole("textbox", { name: "问候语" });
      await expect.poll(() => greeting.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await violations(page)).toEqual([]);

      // Back to the clear control, clear, and the search box has the focus again; choose B again.
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("清除选择");
      await page.keyboard.press("Enter");
      await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
      await chooseByKeyboard(page, b);
      await expect.poll(() => greeting.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("键盘发来的问候");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("发送请求");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").getByText("好友请求已发送").waitFor();
      await dialog.waitFor({ state: "hidden" });

      // What B receives is what was typed.
      const { results } = await apiCall<{ results: { content: Record<string, unknown> }[] }>(
        b,
        "GET",
        "/process/my_processes/?page=1&page_size=20",
      );
      expect(results.map((n) => n.content.greeting_message)).toEqual(["键盘发来的问候"]);

      // Escape closes the modal.
      await page.getByRole("button", { name: "添加好友" }).focus();
      await page.keyboard.press("Enter");
      await dialog.getByRole("combobox", { name: "搜索用户" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      // The user search modal shows what it finds as user cards (axe-checked); OK opens the profile.
      await page.getByRole("button", { name: "搜索用户" }).click();
      const finder = page.getByRole("dialog", { name: "搜索用户" });
      await finder.getByRole("searchbox", { name: "搜索用户" }).fill(b.username);
      await finder.getByLabel(`选择 ${b.username}`).check();
      await expect.poll(() => page.locator('.ant-modal[class*="ant-zoom"]').count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      await finder.getByRole("button", { name: "确定" }).click();
      await page.getByRole("heading", { name: b.username }).waitFor();
    } finally {
      await context.close();
    }
  });
});
