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

/** A process row: its type label (行/流程/目标/bug) and name, as the tree names it. */
const processRow = (page: Page, name: string) =>
  page.getByRole("treeitem", { name: `行/流程/目标/bug ${name}`, exact: true });

/** Waits, as a person waits to see the caret, until an empty new row has it. */
const untilCaretInNewRow = (page: Page) =>
  page.waitForFunction(() => {
    const active = document.activeElement;
    return (
      active instanceof HTMLTextAreaElement && active.value === "" && !!active.closest('[role="treeitem"]')
    );
  });

/**
 * Types `PROCESS:` and the name into the row with the caret; waits until the server holds it as a
 * process (the prefix is saved behind the typing) and returns its id.
 */
async function typeProcess(page: Page, account: Account, name: string): Promise<number> {
  await page.keyboard.type(`PROCESS:${name}`);
  const link = processRow(page, name).getByRole("link", { name: `打开「${name}」` });
  await link.waitFor();
  const id = Number((await link.getAttribute("href"))?.split("/").pop());
  await expect
    .poll(async () => (await apiCall<{ type: string }>(account, "GET", `/dnode/${id}`)).type, {
      timeout: 15_000,
    })
    .toBe("PROCESS");
  return id;
}

describe("timed processes in the browser", () => {
  it("starts a process with Enter, ticks its clock, pauses it when a sibling starts, finishes, and lists it under today", async () => {
    const account = await createAccount("proc");
    const plan = await makeNode(account, { type: "DIR", name: "本周计划", location_id: account.rootId });
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${plan}`);
      await page.getByRole("heading", { name: /本周计划/ }).waitFor();

      await page.getByRole("button", { name: "新建子节点" }).click();
      await untilCaretInNewRow(page);
      await typeProcess(page, account, "写周报");
      const report = processRow(page, "写周报");
      await report.getByText("起草中").waitFor();
      // Saving a new process with Enter makes it running (workspace-spec 4).
      await page.keyboard.press("Enter");
      await report.getByText("执行中").waitFor();

      // The clock moves (no timing asserted: only that it changes by itself).
      const clock = report.getByRole("timer");
      const first = await clock.textContent();
      await expect.poll(() => clock.textContent(), { timeout: 10_000 }).not.toBe(first);

      // Enter left the caret in a new row under it: the second process goes there, started by its button.
      await untilCaretInNewRow(page);
      await typeProcess(page, account, "读书");
      const reading = processRow(page, "读书");
      await reading.getByRole("button", { name: "开始「读书」" }).click();
      await reading.getByText("执行中").waitFor();
      // The server paused the first; its row says so without a reload.
      await report.getByText("已暂停").waitFor();
      await report.getByRole("button", { name: "继续「写周报」" }).waitFor();

      await reading.getByRole("button", { name: "完成「读书」" }).click();
      await reading.getByText("已完成").waitFor();

      await page.goto("/xingwei");
      const today = page.getByRole("region", { name: /^今天/ });
      await today.getByRole("link", { name: "写周报" }).waitFor();
      const done = today.getByRole("listitem").filter({ has: page.getByRole("link", { name: "读书" }) });
      await done.getByText("已完成").waitFor();

      // The time chart loads its library on first open and draws (under the production CSP).
      await page.getByRole("button", { name: /用时图表/ }).click();
      await page
        .getByRole("img", { name: "每天用时（小时，按顶层流程叠加）" })
        .locator("canvas")
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it("a process page with its view, child rows and timeline, and 我的行为, pass WCAG 2 A and AA", async () => {
    const account = await createAccount("proc_a11y");
    const goal = await makeNode(account, { type: "PROCESS", name: "写论文", location_id: account.rootId });
    const step = await makeNode(account, { type: "PROCESS", name: "查资料", location_id: goal });
    await makeNode(account, { name: "读过的书", location_id: goal });
    await apiCall(account, "POST", `/dnode/call_action/${step}/start`, {});
    await apiCall(account, "POST", `/dnode/call_action/${step}/pause`, {});
    const { context, page } = await signedInPage(browser, account);
    try {
      await page.goto(`/data/${goal}`);
      const view = page.getByRole("region", { name: "流程" });
      await processRow(page, "查资料").getByText("已暂停").waitFor();
      await view
        .getByText(/此期间未创建新行为|读过的书/)
        .first()
        .waitFor();
      expect(await violations(page)).toEqual([]);

      await page.goto("/xingwei");
      await page.getByRole("region", { name: /^今天/ }).getByRole("link", { name: "查资料" }).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
