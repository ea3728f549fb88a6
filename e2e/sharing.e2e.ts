import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the share popover, picks the person by name and returns the popover. */
async function openShareFor(page: Page, username: string) {
  await page.getByRole("button", { name: "分享" }).click();
  const picker = page.getByRole("combobox", { name: "搜索用户" });
  await picker.fill(username);
  // antd keeps a hidden listbox for screen readers; the visible option is what a person clicks.
  await page.locator(".ant-select-item-option", { hasText: username }).click();
  // Someone without access is offered 授权访问 first; 取消 leaves the choice to the switches.
  const ask = page.getByRole("dialog", { name: "授权访问" });
  await ask.getByText(`用户 ${username} 没有访问该知识点的权限`).waitFor();
  await ask.getByRole("button", { name: "取消" }).click();
  await page.getByRole("switch", { name: `允许 ${username} 访问` }).waitFor();
}

describe("sharing a tree", () => {
  it("the owner shares through the popover; the reader sees but cannot edit; with 编辑 the edit sticks", async () => {
    const owner = await createAccount("owner");
    const reader = await createAccount("reader");
    const tree = await makeNode(owner, { type: "DIR", name: "共享的树" });
    const leaf = await makeNode(owner, { name: "一片叶子", location_id: tree });

    const mine = await signedInPage(browser, owner);
    const theirs = await signedInPage(browser, reader);
    try {
      await theirs.page.goto(`/data/${tree}`);
      await theirs.page.getByText("你没有权限访问该知识点，请联系知识树的主人授权访问").waitFor();

      await mine.page.goto(`/data/${tree}`);
      await openShareFor(mine.page, reader.username);
      expect(await mine.page.getByText("访问和编辑权限作用于这个知识点下的整棵树。").isVisible()).toBe(true);
      await mine.page.getByRole("switch", { name: `允许 ${reader.username} 访问` }).click();
      await mine.page.waitForFunction(
        (name) =>
          document.querySelector(`[aria-label="允许 ${name} 访问"]`)?.getAttribute("aria-checked") === "true",
        reader.username,
      );

      await theirs.page.reload();
      const row = theirs.page.getByRole("treeitem", { name: "一片叶子" });
      await row.waitFor();
      const name = row.getByRole("textbox");
      expect(await name.getAttribute("readonly")).not.toBeNull();
      expect(await theirs.page.getByRole("button", { name: "分享" }).count()).toBe(0);

      await mine.page.getByRole("switch", { name: `允许 ${reader.username} 编辑` }).click();
      await mine.page.waitForFunction(
        (name) =>
          document.querySelector(`[aria-label="允许 ${name} 编辑"]`)?.getAttribute("aria-checked") === "true",
        reader.username,
      );

      await theirs.page.reload();
      const editable = theirs.page.getByRole("treeitem", { name: "一片叶子" }).getByRole("textbox");
      await editable.waitFor();
      expect(await editable.getAttribute("readonly")).toBeNull();
      await editable.click();
      await theirs.page.keyboard.press("End");
      await theirs.page.keyboard.type("（已改）");
      await theirs.page.waitForTimeout(600);
      const saved = await apiCall<{ name: string }>(owner, "GET", `/dnode/${leaf}`);
      expect(saved.name).toBe("一片叶子（已改）");
      await mine.page.reload();
      await mine.page.getByRole("treeitem", { name: "一片叶子（已改）" }).waitFor();
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });
});
