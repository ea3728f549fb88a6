import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type IdTree, untilServerHas } from "./outline";
import { caretIn, dragBefore, outlinePage as openOutline } from "./outline-page";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const serverTree = (account: Account, id: number) => () =>
  apiCall<IdTree>(account, "GET", `/dnode/${id}/id_tree`);

/** Issue 19 items 1 and 2: Backspace at a row's start and Delete at its end merge rows. */
describe("merging rows", () => {
  it("merges a row into the one above with Backspace, its children after the row above's own, and one Ctrl+Z splits them back", async () => {
    const { context, page, tree } = await openOutline(browser, "merge", [
      ["唐", ["李白"]],
      ["朝", ["杜甫", "白居易"]],
    ]);
    try {
      await caretIn(page, "朝", "Home");
      await page.keyboard.press("Backspace");
      await untilServerHas(tree, [["唐朝", ["李白", "杜甫", "白居易"]]]);
      // The caret sits where the texts joined: typing goes in between.
      await page.keyboard.type("代");
      await untilServerHas(tree, [["唐代朝", ["李白", "杜甫", "白居易"]]]);

      await page.keyboard.press("Control+z"); // the typing
      await page.keyboard.press("Control+z"); // the merge
      await untilServerHas(tree, [
        ["唐", ["李白"]],
        ["朝", ["杜甫", "白居易"]],
      ]);
      await page.keyboard.press("Control+Shift+Z");
      await untilServerHas(tree, [["唐朝", ["李白", "杜甫", "白居易"]]]);
    } finally {
      await context.close();
    }
  });

  it("merges the next row in with Delete at the end; into a parent its children take its place", async () => {
    const { context, page, tree } = await openOutline(browser, "mergedown", [["上", ["中", "末"]], "下"]);
    try {
      await caretIn(page, "上", "End");
      await page.keyboard.press("Control+ArrowDown"); // open 上: its first child is the next row
      await page.getByRole("treeitem", { name: "中", exact: true }).waitFor();
      await page.keyboard.press("Delete");
      await untilServerHas(tree, [["上中", ["末"]], "下"]);
      await page.keyboard.press("Control+z");
      await untilServerHas(tree, [["上", ["中", "末"]], "下"]);
    } finally {
      await context.close();
    }
  });

  it("refuses to merge into a formula and says why, changing nothing", async () => {
    const account = await createAccount("mergeex");
    const id = await makeNode(account, { name: "键盘" });
    await makeNode(account, { name: "x^2", type: "EX", location_id: id, relation_name: "CHILD_NODE" });
    await makeNode(account, { name: "文字", location_id: id, relation_name: "CHILD_NODE" });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${id}`);
      await caretIn(page, "文字", "Home");
      await page.keyboard.press("Backspace");
      await page.getByText("上一行是公式，不能合并").waitFor();
      await page.keyboard.type("新");
      const read = serverTree(account, id);
      await expect
        .poll(async () => (await read()).children.map((c) => c.name), { timeout: 15_000 })
        .toEqual(["x^2", "新文字"]);
    } finally {
      await context.close();
    }
  });
});

describe("merging rows without the right to", () => {
  it("changes nothing for a reader and says why", async () => {
    const owner = await createAccount("mergeowner");
    const reader = await createAccount("mergereader");
    const id = await makeNode(owner, { name: "键盘" });
    await makeNode(owner, { name: "上", location_id: id, relation_name: "CHILD_NODE" });
    await makeNode(owner, { name: "下", location_id: id, relation_name: "CHILD_NODE" });
    await apiCall(owner, "POST", "/dnode-permission/", { dnode: id, user: reader.id, can_read: true });
    const { context, page } = await signedInPage(browser, reader);
    try {
      await page.goto(`/data/${id}`);
      // A read-only name takes no Home key: the caret is put at the start as a click there would.
      const name = page.getByRole("treeitem", { name: "下", exact: true }).getByRole("textbox");
      await name.click();
      await name.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
      await page.keyboard.press("Backspace");
      await page.getByText("你没有编辑该知识点的权限").waitFor();
      await caretIn(page, "上", "End");
      await page.keyboard.press("Delete");
      await untilServerHas(serverTree(owner, id), ["上", "下"]);
      expect(await page.getByRole("treeitem").count()).toBe(2);
    } finally {
      await context.close();
    }
  });
});

/** Issue 19 item 6: a plain drag among a row's own siblings reorders without asking. */
describe("dragging within a list", () => {
  it("reorders on a plain drag, still clones with Alt", async () => {
    const { context, page, tree } = await openOutline(browser, "dragsib", ["甲", "乙", "丙"]);
    try {
      await dragBefore(page, "丙", "甲");
      await untilServerHas(tree, ["丙", "甲", "乙"]);
      expect(await page.getByRole("group", { name: "选择拖放方式" }).count()).toBe(0);
      await dragBefore(page, "乙", "丙", { altKey: true });
      await untilServerHas(tree, ["乙", "丙", "甲", "乙"]);
    } finally {
      await context.close();
    }
  });
});
