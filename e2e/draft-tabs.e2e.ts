import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

// Issue 17, the web's remaining gaps: two tabs of one browser on one draft, the 草稿 view of the node
// page, and /xiaoxi?agent_id=…

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

async function befriend(a: Account, b: Account): Promise<number> {
  const sent = await apiCall<{ process_id: number }>(a, "POST", "/user/friend/request/", { user_id: b.id });
  await apiCall(b, "POST", `/dnode/call_action/${sent.process_id}/accept_friend`, {});
  const pair = await apiCall<{ dialogue_id: number }>(a, "POST", "/dialogue/find-or-create-by-logic-id/", {
    logic_id: `UserChats_${[a.id, b.id].sort((x, y) => x - y).join("_")}`,
  });
  return pair.dialogue_id;
}

const editor = (page: Page) => page.getByRole("textbox", { name: "消息草稿" });
const ready = async (page: Page) => {
  await editor(page).waitFor();
  await expect.poll(() => editor(page).isEnabled()).toBe(true);
};
const value = (page: Page) => editor(page).inputValue();
const serverDraft = async (who: Account, dialogueId: number) =>
  (
    await apiCall<{ draft_process: { id: number; content: { text: string } } }>(
      who,
      "GET",
      `/dialogue/${dialogueId}/draft/`,
    )
  ).draft_process;

describe("one draft in two tabs", () => {
  it("the other tab follows, an input method's composition is left alone, both edits are kept and saved", async () => {
    const a = await createAccount("tabs_a");
    const b = await createAccount("tabs_b");
    const pairId = await befriend(a, b);
    const { context, page: one } = await signedInPage(browser, a);
    try {
      await one.goto(`/dialogue/${pairId}`);
      await ready(one);
      const two = await context.newPage();
      await two.goto(`/dialogue/${pairId}`);
      await ready(two);

      await editor(one).click();
      await one.keyboard.type("明天上午");
      await expect.poll(() => value(two)).toBe("明天上午");
      await shot(two, "tabs-1-followed");

      // Tab two composes with an input method while tab one goes on typing.
      await editor(two).click();
      await two.keyboard.press("End");
      const cdp = await context.newCDPSession(two);
      await cdp.send("Input.imeSetComposition", { text: "jian", selectionStart: 4, selectionEnd: 4 });
      await editor(one).click();
      await one.keyboard.press("End");
      await one.keyboard.type("十点");
      await one.waitForTimeout(300);
      expect(await value(two)).toBe("明天上午jian");
      await two.bringToFront();
      await cdp.send("Input.insertText", { text: "见" });
      // Both wrote at the end: one tab's text whole and the other's typing after it, alike in both.
      await expect.poll(() => value(two)).toMatch(/^明天上午(十点\n见|见\n十点)$/);
      await expect.poll(() => value(one)).toBe(await value(two));
      await shot(two, "tabs-2-merged");
      const merged = await value(one);
      await expect.poll(async () => (await serverDraft(a, pairId)).content.text).toBe(merged);

      // The 草稿 view of the draft's own page is one more editor of it, in step with the others.
      const draft = await serverDraft(a, pairId);
      await two.goto(`/data/${draft.id}`);
      await ready(two);
      expect(await value(two)).toBe(merged);
      await expect
        .poll(() => two.locator(".ol-view-type .ant-segmented-item-selected").textContent())
        .toBe("草稿");
      await editor(one).click();
      await one.keyboard.press("End");
      await one.keyboard.type("！");
      await expect.poll(() => value(two)).toBe(`${merged}！`);
      await shot(two, "tabs-3-draft-view");

      // Sent from the draft's page: a message in the dialogue, and tab one moves to the new draft.
      await editor(two).click();
      await two.keyboard.press("Enter");
      await two.waitForURL(`**/dialogue/${pairId}`);
      await expect.poll(() => value(one)).toBe("");
      await expect.poll(() => one.locator(".dlg-bubble").last().textContent()).toBe(`${merged}！`);
      await shot(one, "tabs-4-sent");
    } finally {
      await context.close();
    }
  });
});

describe("/xiaoxi?agent_id", () => {
  it("opens the person's dialogue with that agent, the same one every time", async () => {
    const a = await createAccount("agent_a");
    const agent = await makeNode(a, { type: "AGENT", name: "翻译助手" });
    const { context, page } = await signedInPage(browser, a);
    try {
      await page.goto(`/xiaoxi?agent_id=${agent}`);
      await ready(page);
      await editor(page).click();
      await page.keyboard.type("请把这句话译成英文");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".dlg-bubble").count()).toBe(1);
      await shot(page, "agent-1-sent");
      await page.reload();
      await ready(page);
      await expect.poll(() => page.locator(".dlg-bubble").last().textContent()).toBe("请把这句话译成英文");
      await page.goto("/xiaoxi?agent_id=abc");
      await page.getByText("智能体编号不正确").waitFor();
    } finally {
      await context.close();
    }
  });
});
