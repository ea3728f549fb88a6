import type { Browser, Page } from "playwright-core";
import type { IdTree } from "./outline";
import { type Account, apiCall, createAccount, makeNode, signedInPage } from "./session";

/** Makes `names` under `parent`, in order; a `[name, children]` pair makes a subtree. Returns the ids. */
export async function makeOutline(account: Account, parent: number, names: unknown[]): Promise<number[]> {
  const ids: number[] = [];
  for (const item of names) {
    const [name, children] = Array.isArray(item) ? item : [item, []];
    const id = await makeNode(account, { name, location_id: parent, relation_name: "CHILD_NODE" });
    await makeOutline(account, id, children as unknown[]);
    ids.push(id);
  }
  return ids;
}

/** Clicks into a row's name and puts the caret at its start or end. */
export async function caretIn(page: Page, name: string, where: "Home" | "End"): Promise<void> {
  await page.getByRole("treeitem", { name, exact: true }).getByRole("textbox").click();
  await page.keyboard.press(where);
}

/** The accessible name of the focused row (selected, or with its name being edited). */
export function focusedRow(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.activeElement?.closest('[role="treeitem"]')?.getAttribute("aria-label") ?? null,
  );
}

/** The names of the highlighted (ticked) rows, in order. */
export function tickedRows(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".ol-row-ticked")].map((row) => row.getAttribute("aria-label") ?? ""),
  );
}

/** The page of a node 键盘 whose children are the given outline, signed in as a fresh account. */
export async function outlinePage(browser: Browser, prefix: string, outline: unknown[]) {
  const account = await createAccount(prefix);
  const id = await makeNode(account, { name: "键盘" });
  const ids = await makeOutline(account, id, outline);
  const { context, page } = await signedInPage(browser, account);
  await page.goto(`/data/${id}`);
  await page.getByRole("heading", { level: 2, name: "键盘" }).waitFor();
  if (outline.length > 0) await page.locator('[role="treeitem"] textarea').first().waitFor();
  const tree = () => apiCall<IdTree>(account, "GET", `/dnode/${id}/id_tree`);
  return { account, id, ids, context, page, tree };
}

/**
 * Drags a row's bullet onto another row's upper part (before it) as the browser reports a mouse drag:
 * one DataTransfer shared by the drag events, the keys held on them (as e2e/dragdrop.e2e.ts does).
 */
export async function dragBefore(page: Page, from: string, to: string, keys: { altKey?: boolean } = {}) {
  const row = (name: string) => page.getByRole("treeitem", { name, exact: true }).first();
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  const bullet = row(from).getByRole("link", { name: `打开「${from}」` });
  const target = row(to);
  const box = (await target.boundingBox())!;
  const point = { clientX: box.x + box.width / 2, clientY: box.y + 4 };
  await bullet.dispatchEvent("dragstart", { dataTransfer });
  await target.dispatchEvent("dragenter", { dataTransfer, ...point, ...keys });
  await target.dispatchEvent("dragover", { dataTransfer, ...point, ...keys });
  await target.dispatchEvent("drop", { dataTransfer, ...point, ...keys });
  await bullet.dispatchEvent("dragend", { dataTransfer });
}
