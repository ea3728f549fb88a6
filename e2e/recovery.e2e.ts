import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Issue 11 item 4: every delete asks when it takes a subtree, offers 撤销, and the bin gives it back. */
describe("deleting is recoverable", () => {
  it("deletes a node with children from its page's ⋮ menu after asking, and 撤销 brings it all back", async () => {
    const account = await createAccount("undo");
    const parent = await makeNode(account, { name: "宋朝" });
    const node = await makeNode(account, { name: "北宋", location_id: parent, relation_name: "CHILD_NODE" });
    await makeNode(account, { name: "陈桥兵变", location_id: node, relation_name: "CHILD_NODE" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${node}`);
      await page.getByRole("heading", { level: 2, name: "北宋" }).waitFor();
      await page.getByRole("button", { name: "更多操作" }).click();
      await page.getByRole("menuitem", { name: "删除" }).click();
      const ask = page.getByRole("dialog");
      expect(await ask.textContent()).toContain("删除「北宋」？");
      await ask.getByRole("button", { name: "删除" }).click();

      // Back on the parent's page, without the deleted row; the message offers 撤销.
      await page.getByRole("heading", { level: 2, name: "宋朝" }).waitFor();
      await page.getByText("已删除 1 个节点").waitFor();
      expect(await page.getByRole("treeitem", { name: "北宋" }).count()).toBe(0);
      await page.getByRole("button", { name: "撤销" }).click();

      await page.getByRole("heading", { level: 2, name: "北宋" }).waitFor();
      await page.getByRole("treeitem").filter({ hasText: "陈桥兵变" }).waitFor();
      const back = await apiCall<{ parent_id: number }>(account, "GET", `/dnode/${node}`);
      expect(back.parent_id).toBe(parent);
    } finally {
      await context.close();
    }
  });

  it("restores a deleted subtree from 回收站 in the user menu to its old place", async () => {
    const account = await createAccount("bin");
    const parent = await makeNode(account, { name: "元朝" });
    const node = await makeNode(account, {
      name: "忽必烈",
      location_id: parent,
      relation_name: "CHILD_NODE",
    });
    await apiCall(account, "POST", "/dnode/delete_batch", { ids: [node] });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto("/");
      await page.getByRole("button", { name: account.username }).hover();
      await page.getByRole("menuitem", { name: "回收站" }).click();
      await page.getByRole("heading", { level: 2, name: "回收站" }).waitFor();
      const item = page.getByRole("listitem").filter({ hasText: "忽必烈" });
      await item.getByText("恢复到「元朝」下").waitFor();
      await item.getByRole("button", { name: "恢复" }).click();
      await page.getByText("已恢复").waitFor();
      await page.getByText("回收站是空的", { exact: false }).waitFor();

      const back = await apiCall<{ parent_id: number; name: string }>(account, "GET", `/dnode/${node}`);
      expect(back).toMatchObject({ parent_id: parent, name: "忽必烈" });
      await page.goto(`/data/${parent}`);
      await page.getByRole("treeitem").filter({ hasText: "忽必烈" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
