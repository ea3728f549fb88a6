import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Resolves once the page's live socket has asked to watch the node (set up before the page loads). */
function watching(page: Page, id: number): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framesent", ({ payload }) => {
        if (typeof payload !== "string") return;
        const message = JSON.parse(payload) as { type: string; node_ids?: number[] };
        if (message.type === "subscribe" && message.node_ids?.includes(id)) resolve();
      }),
    );
  });
}

/** The name editor of the row showing `name`. */
const nameBox = (page: Page, name: string) =>
  page.getByRole("treeitem", { name, exact: true }).getByRole("textbox");

describe("live updates between two browsers", () => {
  it("a rename and a new row typed by the owner appear for the reader they shared the tree with, without a reload", async () => {
    const owner = await createAccount("live_owner");
    const reader = await createAccount("live_reader");
    const tree = await makeNode(owner, { type: "DIR", name: "一起看的树" });
    const leaf = await makeNode(owner, { name: "第一行", location_id: tree });
    await apiCall(owner, "POST", "/dnode-permission/", { dnode: tree, user: reader.id, can_read: true });

    const mine = await signedInPage(browser, owner);
    const theirs = await signedInPage(browser, reader);
    try {
      const readerWatches = watching(theirs.page, leaf);
      await theirs.page.goto(`/data/${tree}`);
      await nameBox(theirs.page, "第一行").waitFor();
      await readerWatches;
      await mine.page.goto(`/data/${tree}`);

      // The owner types at the end of the row; the reader's copy follows.
      const box = nameBox(mine.page, "第一行");
      await box.click();
      await mine.page.keyboard.press("End");
      await mine.page.keyboard.type("（改过）");
      const started = Date.now();
      await nameBox(theirs.page, "第一行（改过）").waitFor({ timeout: 5000 });
      const renameMs = Date.now() - started;

      // The typist's row was not disturbed by anything coming back: same text, caret still at the end.
      const typed = await mine.page.evaluate(() => {
        const active = document.activeElement as HTMLTextAreaElement | null;
        return { value: active?.value, caret: active?.selectionStart, length: active?.value.length };
      });
      expect(typed).toEqual({ value: "第一行（改过）", caret: 7, length: 7 });

      // A new row under it, typed with Enter, appears in the reader's tree.
      await mine.page.keyboard.press("Enter");
      await mine.page.keyboard.type("新的一行");
      await nameBox(theirs.page, "新的一行").waitFor({ timeout: 5000 });
      const rows = await theirs.page.evaluate(() =>
        [...document.querySelectorAll('[role="treeitem"] textarea')].map(
          (area) => (area as HTMLTextAreaElement).value,
        ),
      );
      expect(rows).toEqual(["第一行（改过）", "新的一行"]);
      // Measured from the last keystroke; the name saves 50 ms after it.
      expect(renameMs).toBeLessThan(2000);
    } finally {
      await mine.context.close();
      await theirs.context.close();
    }
  });

  it("a move, a reorder and a delete in one tab reach the same person's other tab, whose caret stays put", async () => {
    const owner = await createAccount("live2");
    const tree = await makeNode(owner, { type: "DIR", name: "两个标签页" });
    const first = await makeNode(owner, { name: "甲", location_id: tree });
    await makeNode(owner, { name: "乙", location_id: tree });
    await makeNode(owner, { name: "丙丙丙", location_id: tree });

    const here = await signedInPage(browser, owner);
    const there = await signedInPage(browser, owner);
    try {
      const thereWatches = watching(there.page, first);
      await there.page.goto(`/data/${tree}`);
      await nameBox(there.page, "丙丙丙").waitFor();
      await thereWatches;
      // The other tab has its caret in the middle of a row nobody else touches.
      await nameBox(there.page, "丙丙丙").click();
      await there.page.keyboard.press("End");
      await there.page.keyboard.press("ArrowLeft");
      const caret = () =>
        there.page.evaluate(() => {
          const active = document.activeElement as HTMLTextAreaElement | null;
          return { value: active?.value, at: active?.selectionStart };
        });
      expect(await caret()).toEqual({ value: "丙丙丙", at: 2 });

      await here.page.goto(`/data/${tree}`);
      const topRows = (page: Page) =>
        page.evaluate(() =>
          [...document.querySelectorAll('[role="treeitem"][aria-level="1"] textarea')].map(
            (area) => (area as HTMLTextAreaElement).value,
          ),
        );

      // Tab: 乙 moves under 甲.
      await nameBox(here.page, "乙").click();
      await here.page.keyboard.press("Tab");
      await expect.poll(() => topRows(there.page), { timeout: 5000 }).toEqual(["甲", "丙丙丙"]);
      await expect
        .poll(() =>
          there.page.getByRole("treeitem", { name: "甲", exact: true }).getAttribute("aria-expanded"),
        )
        .toBe("false");
      expect(await caret(), "after the move").toEqual({ value: "丙丙丙", at: 2 });

      // Alt+Up twice: 丙丙丙 goes to the top (sent after the 500 ms reorder batch).
      await nameBox(here.page, "丙丙丙").click();
      await here.page.keyboard.press("Alt+ArrowUp");
      await expect.poll(() => topRows(there.page), { timeout: 5000 }).toEqual(["丙丙丙", "甲"]);
      expect(await caret(), "after the reorder").toEqual({ value: "丙丙丙", at: 2 });

      // A delete (甲 and 乙 under it) leaves only the row being edited over there.
      await apiCall(owner, "POST", "/dnode/delete_batch", { ids: [first] });
      await expect.poll(() => topRows(there.page), { timeout: 5000 }).toEqual(["丙丙丙"]);
      expect(await caret()).toEqual({ value: "丙丙丙", at: 2 });
    } finally {
      await here.context.close();
      await there.context.close();
    }
  });

  it("a tree's card on the home page takes a rename made elsewhere", async () => {
    const owner = await createAccount("live3");
    const tree = await makeNode(owner, {
      type: "DIR",
      name: "首页上的树",
      location_id: owner.rootId,
      relation_name: "USER_ROOT",
    });
    const home = await signedInPage(browser, owner);
    try {
      const homeWatches = watching(home.page, tree);
      await home.page.goto("/");
      await home.page.getByRole("link", { name: "打开「首页上的树」" }).waitFor();
      await homeWatches;
      await apiCall(owner, "POST", `/dnode/${tree}/update`, { name: "改了名的树" });
      await home.page.getByRole("link", { name: "打开「改了名的树」" }).waitFor({ timeout: 5000 });
    } finally {
      await home.context.close();
    }
  });
});
