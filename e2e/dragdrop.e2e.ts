import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type IdTree, untilServerHas, visibleRows } from "./outline";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the server holds `expected` under the node. */
const untilServerHasTree = (account: Account, id: number, expected: unknown[]) =>
  untilServerHas(() => apiCall<IdTree>(account, "GET", `/dnode/${id}/id_tree`), expected);

const row = (page: Page, name: string) => page.getByRole("treeitem", { name, exact: true }).first();

/**
 * Drags a row's bullet onto another row as the browser reports a mouse drag: one DataTransfer shared by
 * dragstart, dragover and drop, the pointer on the target's upper part (before) or lower part (inside),
 * and the keys held at the drop on the drag events themselves.
 */
async function dragRowOnto(
  page: Page,
  from: string,
  to: string,
  at: "before" | "insideLast",
  keys: { ctrlKey?: boolean; altKey?: boolean } = {},
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  const bullet = row(page, from).getByRole("link", { name: `打开「${from}」` });
  const target = row(page, to);
  const box = (await target.boundingBox())!;
  const point = {
    clientX: box.x + box.width / 2,
    clientY: at === "before" ? box.y + 4 : box.y + box.height - 4,
  };
  await bullet.dispatchEvent("dragstart", { dataTransfer });
  await target.dispatchEvent("dragenter", { dataTransfer, ...point, ...keys });
  await target.dispatchEvent("dragover", { dataTransfer, ...point, ...keys });
  await target.dispatchEvent("drop", { dataTransfer, ...point, ...keys });
  await bullet.dispatchEvent("dragend", { dataTransfer });
}

/** A 1×1 PNG, built here so the test needs no file on disk. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function openTree(page: Page, id: number, names: string[]): Promise<void> {
  await page.goto(`/data/${id}`);
  await expect
    .poll(async () => (await visibleRows(page)).map(([, name]) => name), { timeout: 15_000 })
    .toEqual(names);
}

describe("drag and drop in the outliner", () => {
  it("moves a row with Ctrl held and refers one without keys, as the server then holds", async () => {
    const account = await createAccount("dnd");
    const tree = await makeNode(account, { type: "DIR", name: "拖放测试" });
    const a = await makeNode(account, { name: "甲", location_id: tree });
    const b = await makeNode(account, { name: "乙", location_id: tree });
    await makeNode(account, { name: "丙", location_id: tree });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openTree(page, tree, ["甲", "乙", "丙"]);

      // Ctrl: 丙 moves into 甲 (the lower half of its row), and stays there after a reload.
      await dragRowOnto(page, "丙", "甲", "insideLast", { ctrlKey: true });
      await untilServerHasTree(account, tree, [["甲", ["丙"]], "乙"]);
      await page.reload();
      await expect
        .poll(() => visibleRows(page), { timeout: 15_000 })
        .toEqual([
          [1, "甲"],
          [2, "丙"],
          [1, "乙"],
        ]);

      // No key: 乙 is referred under 甲, before 丙. It stays where it was, and shows in both places.
      await dragRowOnto(page, "乙", "丙", "before");
      await expect
        .poll(() => visibleRows(page), { timeout: 10_000 })
        .toEqual([
          [1, "甲"],
          [2, "乙"],
          [2, "丙"],
          [1, "乙"],
        ]);
      await untilServerHasTree(account, tree, [["甲", ["丙"]], "乙"]);
      await expect
        .poll(async () => {
          const page1 = await apiCall<{ relations: { ynode: number; xnode: number; yorder: number }[] }>(
            account,
            "GET",
            `/dnode/${a}/relations_with_data/?relation_names=CHILD_NODE`,
          );
          return page1.relations.sort((x, y) => x.yorder - y.yorder)[0]?.ynode;
        })
        .toBe(b);
      await page.reload();
      await expect.poll(() => visibleRows(page), { timeout: 15_000 }).toHaveLength(4);
    } finally {
      await context.close();
    }
  });

  it("makes an image node from a PNG dropped on a row", async () => {
    const account = await createAccount("dndfile");
    const tree = await makeNode(account, { type: "DIR", name: "放图" });
    const target = await makeNode(account, { name: "相册", location_id: tree });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openTree(page, tree, ["相册"]);
      const dataTransfer = await page.evaluateHandle(
        (bytes) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], "小点.png", { type: "image/png" }));
          return transfer;
        },
        [...PNG],
      );
      const box = (await row(page, "相册").boundingBox())!;
      const point = { clientX: box.x + 100, clientY: box.y + 8 };
      await row(page, "相册").dispatchEvent("dragover", { dataTransfer, ...point });
      await row(page, "相册").dispatchEvent("drop", { dataTransfer, ...point });
      await page.getByText("成功添加 1 个文件节点").waitFor();
      await expect
        .poll(() => visibleRows(page), { timeout: 10_000 })
        .toEqual([
          [1, "相册"],
          [2, "小点.png"],
        ]);
      const children = await apiCall<IdTree>(account, "GET", `/dnode/${target}/id_tree`);
      expect(children.children).toEqual([expect.objectContaining({ name: "小点.png", type: "IMAGE" })]);
      const image = await apiCall<{ content: { image_path: string; original_name: string } }>(
        account,
        "GET",
        `/dnode/${children.children[0].id}`,
      );
      expect(image.content.original_name).toBe("小点.png");
      expect(image.content.image_path).toMatch(/^images\/.+\.png$/);
    } finally {
      await context.close();
    }
  });

  it("ticks three rows with a Shift+drag box in selecting status, shows only them in 已选, and deletes them with Delete", async () => {
    const account = await createAccount("dndsel");
    const tree = await makeNode(account, { type: "DIR", name: "框选" });
    for (const name of ["一", "二", "三", "四"]) await makeNode(account, { name, location_id: tree });
    const { context, page } = await signedInPage(browser, account);
    try {
      await openTree(page, tree, ["一", "二", "三", "四"]);
      await page.getByRole("button", { name: "选择", exact: true }).click();
      await page.getByRole("checkbox", { name: "选择「一」" }).waitFor();

      const first = (await row(page, "一").boundingBox())!;
      const third = (await row(page, "三").boundingBox())!;
      await page.keyboard.down("Shift");
      await page.mouse.move(first.x + first.width - 20, first.y + 6);
      await page.mouse.down();
      await page.mouse.move(first.x + first.width - 60, third.y + third.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.keyboard.up("Shift");
      for (const name of ["一", "二", "三"])
        expect(await page.getByRole("checkbox", { name: `选择「${name}」` }).isChecked()).toBe(true);
      expect(await page.getByRole("checkbox", { name: "选择「四」" }).isChecked()).toBe(false);

      // 已选 shows the ticked rows only; 大纲 brings the whole tree back, ticks kept.
      const topLevel = (...names: string[]) => names.map((name) => [1, name]);
      await page.getByText("已选", { exact: true }).click();
      await expect.poll(() => visibleRows(page)).toEqual(topLevel("一", "二", "三"));
      await page.getByText("大纲", { exact: true }).click();
      await expect.poll(() => visibleRows(page)).toEqual(topLevel("一", "二", "三", "四"));

      await row(page, "一").focus();
      await page.keyboard.press("Delete");
      // Three rows: asked first, with 取消 focused, so Enter alone would delete nothing.
      const ask = page.getByRole("dialog");
      expect(await ask.textContent()).toContain("删除 3 个节点？");
      await ask.getByRole("button", { name: "删除" }).click();
      await expect.poll(() => visibleRows(page), { timeout: 10_000 }).toEqual([[1, "四"]]);
      await page.getByText("已删除 3 个节点").waitFor();
      await untilServerHasTree(account, tree, ["四"]);
      await page.reload();
      await expect.poll(() => visibleRows(page), { timeout: 15_000 }).toEqual([[1, "四"]]);
      await page.screenshot({ path: "test-results/dragdrop.png" });
    } finally {
      await context.close();
    }
  });
});
