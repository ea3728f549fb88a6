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
});
