import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "./axe";
import { launchBrowser } from "./browser";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOTS = process.env.E2E_SCREENSHOTS;
/** Screenshots for trying it by hand (E2E_SCREENSHOTS=dir), a moment after the step settles. */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** A and B become friends through the API (request, accept), and both start with nothing unread. */
async function befriend(a: Account, b: Account): Promise<number> {
  const sent = await apiCall<{ process_id: number }>(a, "POST", "/user/friend/request/", { user_id: b.id });
  await apiCall(b, "POST", `/dnode/call_action/${sent.process_id}/accept_friend`, {});
  const pair = await apiCall<{ dialogue_id: number }>(a, "POST", "/dialogue/find-or-create-by-logic-id/", {
    logic_id: `UserChats_${[a.id, b.id].sort((x, y) => x - y).join("_")}`,
  });
  for (const who of [a, b]) await apiCall(who, "POST", `/dialogue/${pair.dialogue_id}/read/`, {});
  return pair.dialogue_id;
}

const editor = (page: Page) => page.getByRole("textbox", { name: "消息草稿" });
const bubbles = (page: Page) => page.locator(".dlg-bubble");

describe("dialogues between two people", () => {
  it("A writes through an input method and sends with Enter; B sees it unread, replies; A attaches a node B may then open after 授权访问", async () => {
    const a = await createAccount("dlg_a");
    const b = await createAccount("dlg_b");
    const pairId = await befriend(a, b);
    const mine = await signedInPage(browser, a);
    const theirs = await signedInPage(browser, b);
    try {
      // A starts the dialogue from 我的消息 with the create-dialogue modal.
      await mine.page.goto("/messages");
      await mine.page.getByRole("button", { name: "新建对话" }).click();
      const modal = mine.page.getByRole("dialog", { name: "新建对话" });
      await modal.getByRole("button", { name: "选择对方" }).click();
      const search = mine.page.getByRole("dialog", { name: "搜索用户" });
      await search.getByRole("searchbox", { name: "搜索用户" }).fill(b.username);
      await search.getByRole("radio", { name: `选择 ${b.username}` }).check();
      await search.getByRole("button", { name: "确定" }).click();
      await modal.getByRole("button", { name: /创\s*建/ }).click();
      await mine.page.getByText("对话创建成功").waitFor();
      await mine.page.waitForURL(`**/dialogue/${pairId}`);
      await editor(mine.page).waitFor();
      await expect.poll(() => editor(mine.page).isEnabled()).toBe(true);

      // Typing through an input method: the Enter that commits the composition sends nothing.
      await editor(mine.page).click();
      const cdp = await mine.context.newCDPSession(mine.page);
      await cdp.send("Input.imeSetComposition", { text: "ni", selectionStart: 2, selectionEnd: 2 });
      await cdp.send("Input.dispatchKeyEvent", {
        type: "rawKeyDown",
        key: "Enter",
        code: "Enter",
        windowsVirtualKeyCode: 229,
      });
      await cdp.send("Input.dispatchKeyEvent", {
        type: "keyUp",
        key: "Enter",
        code: "Enter",
        windowsVirtualKeyCode: 229,
      });
      await cdp.send("Input.insertText", { text: "你好" });
      expect(await editor(mine.page).inputValue()).toBe("你好");
      // Shift+Enter is a new line, not a send.
      await mine.page.keyboard.press("Shift+Enter");
      await mine.page.keyboard.type("今天一起读书吗");
      expect(await editor(mine.page).inputValue()).toBe("你好\n今天一起读书吗");
      expect(await bubbles(mine.page).count()).toBe(0);
      // The draft is saved on the server once typing stops, and survives a reload.
      await mine.page.getByText("草稿已保存").waitFor();
      await mine.page.reload();
      await expect.poll(() => editor(mine.page).inputValue()).toBe("你好\n今天一起读书吗");
      await shot(mine.page, "1-a-typed");
      await editor(mine.page).press("Enter");
      await bubbles(mine.page).filter({ hasText: "今天一起读书吗" }).waitFor();
      await expect.poll(() => editor(mine.page).inputValue()).toBe("");

      // B: 我的消息 shows it unread, the header too; opening it shows the message and reads it.
      await theirs.page.goto("/messages");
      const item = theirs.page.getByRole("list", { name: "消息列表" }).getByRole("listitem").first();
      await item.locator(".dlg-item-preview").getByText("你好 今天一起读书吗").waitFor();
      await item.getByRole("link", { name: /1 条未读/ }).waitFor();
      await theirs.page.locator(".ant-menu").getByTitle("1 条未读").waitFor();
      await shot(theirs.page, "2-b-list");
      expect(await violations(theirs.page)).toEqual([]);
      await item.getByRole("link").click();
      await bubbles(theirs.page).filter({ hasText: "今天一起读书吗" }).waitFor();
      await expect.poll(() => theirs.page.locator(".ant-menu").getByTitle("1 条未读").count()).toBe(0);

      // B replies with Enter; A sees it live.
      await expect.poll(() => editor(theirs.page).isEnabled()).toBe(true);
      await editor(theirs.page).fill("好呀");
      await editor(theirs.page).press("Enter");
      await bubbles(theirs.page).filter({ hasText: "好呀" }).waitFor();
      await bubbles(mine.page).filter({ hasText: "好呀" }).waitFor({ timeout: 15_000 });
      // One known failure is not this view's: the friend-request card's 已接受 tag (antd's success
      // colours, components/user/FriendRequestCard.tsx, the people-web part) is under 4.5:1.
      const found = (await violations(mine.page))
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !n.html.includes("ant-tag-success")) }))
        .filter((v) => v.nodes.length > 0);
      expect(found).toEqual([]);

      // A drags one of their rows from the outline onto the dialogue, open in the side panel: B cannot
      // read it, so 授权访问 is offered; granted, it is added.
      const shelf = await makeNode(a, { type: "DIR", name: "书架", location_id: a.rootId });
      const tree = await makeNode(a, { name: "读书笔记", location_id: shelf });
      // The dialogue (A's current main tab) moves to the side panel; the outline takes the main one.
      await mine.page.getByRole("button", { name: "移到侧边栏" }).click();
      const side = mine.page.getByRole("complementary", { name: "侧边栏" });
      await side.locator(".dlg-view").waitFor();
      await mine.page.goto(`/data/${shelf}`);
      const bullet = mine.page
        .getByRole("treeitem", { name: "读书笔记", exact: true })
        .getByRole("link", { name: "打开「读书笔记」" });
      await bullet.waitFor();
      await side.locator(".dlg-view").waitFor();
      const dataTransfer = await mine.page.evaluateHandle(() => new DataTransfer());
      await bullet.dispatchEvent("dragstart", { dataTransfer });
      await side.locator(".dlg-messages").dispatchEvent("dragover", { dataTransfer });
      await side.locator(".dlg-messages").dispatchEvent("drop", { dataTransfer });
      await bullet.dispatchEvent("dragend", { dataTransfer });
      const grant = mine.page.getByRole("dialog").filter({ hasText: "授权访问" });
      await grant.getByText(`用户 ${b.username} 没有访问该知识点的权限`).waitFor();
      await shot(mine.page, "3-a-grant");
      await grant.getByRole("button", { name: /授\s*权/ }).click();
      await mine.page.getByText("已添加到对话").waitFor();
      await side.locator(".dlg-notice").getByText("添加了资料：读书笔记").waitFor();

      // B sees the notice and opens the node: readable now.
      const notice = theirs.page.locator(".dlg-notice").getByRole("link", { name: "添加了资料：读书笔记" });
      await notice.waitFor({ timeout: 15_000 });
      await shot(theirs.page, "4-b-notice");
      await theirs.page.goto(`/data/${pairId}/RESOURCE`);
      await theirs.page
        .getByRole("list", { name: "参考资料" })
        .getByRole("link", { name: "读书笔记" })
        .waitFor();
      await shot(theirs.page, "5-b-resources");
      await theirs.page.goto(`/data/${tree}`);
      await theirs.page.locator(".ol-breadcrumb").waitFor();
      expect(await theirs.page.getByText("你没有权限访问该知识点，请联系知识树的主人授权访问").count()).toBe(
        0,
      );
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it("add to chat from the breadcrumb opens /xiaoxi in the side panel with the node attached; a stranger's dialogue takes no message", async () => {
    const a = await createAccount("dlg_c");
    const stranger = await createAccount("dlg_s");
    const tree = await makeNode(a, { type: "DIR", name: "光合作用", location_id: a.rootId });
    const { page, context } = await signedInPage(browser, a);
    try {
      await page.goto(`/data/${tree}`);
      await page.locator(".ol-breadcrumb").getByRole("button", { name: "添加到对话" }).click();
      await page.getByText("已添加到对话").waitFor();
      const side = page.getByRole("complementary", { name: "侧边栏" });
      await side.getByRole("heading", { name: "与AI的对话" }).waitFor();
      await side
        .getByRole("region", { name: "对话中的知识点" })
        .getByRole("link", { name: "光合作用" })
        .waitFor();
      await side.locator(".dlg-notice").getByText("添加了资料：光合作用").waitFor();
      await side.getByRole("textbox", { name: "消息草稿" }).waitFor();
      // Added again: still 已添加到对话 (it is in the chat already). Kept across a reload (chattingDnodes).
      await page.getByText("已添加到对话").waitFor({ state: "detached" });
      await page.locator(".ol-breadcrumb").getByRole("button", { name: "添加到对话" }).click();
      await page.getByText("已添加到对话").waitFor();
      expect(await page.getByText("添加到对话失败").count()).toBe(0);
      await page.reload();
      await side
        .getByRole("region", { name: "对话中的知识点" })
        .getByRole("link", { name: "光合作用" })
        .waitFor();
      // The RESOURCE group of an ordinary node is the node page's relation view, not the dialogue's.
      await page.goto(`/data/${tree}/RESOURCE`);
      await page.locator(".workspace-main").getByText("光合作用 · 参考资料").first().waitFor();

      // 发消息 on the stranger's user card opens (finds or makes) the pair's dialogue: not friends, it
      // shows the stranger banner and no editor.
      await page.goto(`/user/${stranger.id}`);
      await page
        .locator(".workspace-main")
        .getByRole("button", { name: `${stranger.username} 的操作` })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "发消息" }).click();
      const pair = await apiCall<{ dialogue_id: number }>(
        a,
        "POST",
        "/dialogue/find-or-create-by-logic-id/",
        {
          logic_id: `UserChats_${[a.id, stranger.id].sort((x, y) => x - y).join("_")}`,
        },
      );
      await page.waitForURL(`**/dialogue/${pair.dialogue_id}`);
      await page.getByText("陌生人对话").waitFor();
      await page.getByText("你们还不是好友，只能发送好友请求消息").waitFor();
      await page.locator(".workspace-main").getByText("暂无消息").waitFor();
      expect(await page.locator(".workspace-main").getByRole("textbox", { name: "消息草稿" }).count()).toBe(
        0,
      );
    } finally {
      await context.close();
    }
  });
});
