import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { untilServerHas } from "./outline";
import { caretIn, focusedRow, outlinePage, tickedRows } from "./outline-page";
import { type Account, apiCall } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const finished = async (account: Account, ids: number[]) =>
  (
    await apiCall<{ id: number; finished_at: string | null }[]>(
      account,
      "GET",
      `/dnode/by_ids?ids=${ids.join(",")}`,
    )
  ).map((n) => n.finished_at !== null);

/** Issue 19 items 3, 4 and 7: rows selected by keyboard and acted on together. */
describe("selecting rows by keyboard", () => {
  it("extends a selection with Shift+arrows, indents, outdents and moves it as a block, each one Ctrl+Z", async () => {
    const { context, page, tree } = await outlinePage(browser, "select", ["甲", "乙", "丙", "丁", "戊"]);
    try {
      await caretIn(page, "乙", "End");
      await page.keyboard.press("Escape"); // 乙 selected, not edited
      expect(await focusedRow(page)).toBe("乙");
      await page.keyboard.press("Shift+ArrowDown");
      expect(await tickedRows(page)).toEqual(["乙", "丙"]);

      await page.keyboard.press("Tab");
      await untilServerHas(tree, [["甲", ["乙", "丙"]], "丁", "戊"]);
      expect(await tickedRows(page)).toEqual(["乙", "丙"]);
      await page.keyboard.press("Shift+Tab");
      await untilServerHas(tree, ["甲", "乙", "丙", "丁", "戊"]);
      await page.keyboard.press("Alt+ArrowDown");
      await untilServerHas(tree, ["甲", "丁", "乙", "丙", "戊"]);
      await page.keyboard.press("Control+z"); // the block move, as one step
      await untilServerHas(tree, ["甲", "乙", "丙", "丁", "戊"]);
      await page.keyboard.press("Control+z"); // the outdent of both
      await untilServerHas(tree, [["甲", ["乙", "丙"]], "丁", "戊"]);
      await page.keyboard.press("Control+Shift+Z");
      await untilServerHas(tree, ["甲", "乙", "丙", "丁", "戊"]);

      // The undo left the caret in 乙's name; Escape selects it again, ↓ moves the selection, Enter edits.
      expect(await tickedRows(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.keyboard.press("ArrowDown");
      expect(await focusedRow(page)).toBe("丙");
      await page.keyboard.press("Enter");
      await page.keyboard.type("改");
      await untilServerHas(tree, ["甲", "乙", "丙改", "丁", "戊"]);
    } finally {
      await context.close();
    }
  });

  it("starts a selection from a name's last line, and ↓ after Tab selects the next row", async () => {
    const { context, page, tree } = await outlinePage(browser, "selname", ["甲", "乙", "丙", "丁"]);
    try {
      await caretIn(page, "乙", "End");
      await page.keyboard.press("Shift+ArrowDown");
      expect(await tickedRows(page)).toEqual(["乙", "丙"]);
      await page.keyboard.press("ArrowUp"); // back to one selected row: 乙
      expect(await focusedRow(page)).toBe("乙");
      await page.keyboard.press("Tab");
      await untilServerHas(tree, [["甲", ["乙"]], "丙", "丁"]);
      await page.keyboard.press("ArrowDown");
      expect(await focusedRow(page)).toBe("丙");
      // Backspace on one selected row deletes it at once (撤销 offered), the row above selected.
      await page.keyboard.press("Backspace");
      await untilServerHas(tree, [["甲", ["乙"]], "丁"]);
      expect(await focusedRow(page)).toBe("乙");
      expect(await page.getByRole("checkbox", { name: /^选择「/ }).count()).toBe(0); // no tick boxes
    } finally {
      await context.close();
    }
  });

  it("selects a range with Shift+click, completes it with Ctrl+Enter and deletes it recoverably", async () => {
    const { account, ids, context, page, tree } = await outlinePage(browser, "selclick", [
      "甲",
      "乙",
      "丙",
      "丁",
    ]);
    try {
      await caretIn(page, "甲", "End");
      await page
        .getByRole("treeitem", { name: "丙", exact: true })
        .getByRole("textbox")
        .click({ modifiers: ["Shift"] });
      expect(await tickedRows(page)).toEqual(["甲", "乙", "丙"]);
      await page.keyboard.press("Control+Enter");
      await expect.poll(() => finished(account, ids), { timeout: 15_000 }).toEqual([true, true, true, false]);

      await page.keyboard.press("Delete");
      await page.getByRole("dialog").getByRole("button", { name: "删除" }).click();
      await untilServerHas(tree, ["丁"]);
      await page.getByRole("button", { name: "撤销" }).click();
      await untilServerHas(tree, ["甲", "乙", "丙", "丁"]);
    } finally {
      await context.close();
    }
  });

  it("goes to the first and last rows with Home and End, and a screen away with PageDown and PageUp", async () => {
    const names = Array.from({ length: 40 }, (_, i) => `行${i + 1}`);
    const { context, page } = await outlinePage(browser, "selpage", names);
    try {
      await caretIn(page, "行1", "End");
      await page.keyboard.press("Escape");
      await page.keyboard.press("End");
      expect(await focusedRow(page)).toBe("行40");
      await page.keyboard.press("Control+Home");
      expect(await focusedRow(page)).toBe("行1");
      await page.keyboard.press("PageDown");
      const below = Number((await focusedRow(page))?.slice(1));
      expect(below).toBeGreaterThan(5);
      await expect
        .poll(() => page.getByRole("treeitem", { name: `行${below}`, exact: true }).isVisible())
        .toBe(true);
      await page.keyboard.press("PageUp");
      expect(await focusedRow(page)).toBe("行1");
    } finally {
      await context.close();
    }
  });
});
