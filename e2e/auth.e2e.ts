import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A first visit has nothing to update from: the app stores the server's version without asking. */
async function firstVisitStoresVersion(page: Page) {
  await page.getByLabel("用户名").waitFor();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("app_version"))).not.toBeNull();
  expect(await page.getByRole("dialog", { name: "应用更新" }).count()).toBe(0);
}

describe("accounts in the browser", () => {
  it("registers through the form, stays signed in across a reload, logs out and logs in again", async () => {
    const { context, page } = await newPage(browser);
    const username = `e2e_${Date.now()}`;
    try {
      await page.goto("/");
      await firstVisitStoresVersion(page);

      await page.getByRole("button", { name: "还没有账号？注册" }).click();
      await page.getByLabel("用户名").fill(username);
      await page.getByLabel("邮箱").fill(`${username}@example.com`);
      await page.getByLabel("密码").fill("correct horse battery");
      await page.getByRole("button", { name: "注册", exact: true }).click();

      // Registration signs in and reloads: the navigation and the avatar appear.
      const avatar = page.getByRole("button", { name: username });
      await avatar.waitFor();
      for (const nav of ["我的知识", "我的消息", "问AI", "我的AI", "公共知识"]) {
        expect(await page.getByRole("link", { name: nav }).isVisible()).toBe(true);
      }
      expect(await page.getByLabel("用户名").count()).toBe(0);

      await page.reload();
      await avatar.waitFor();
      expect(await page.evaluate(() => Boolean(localStorage.getItem("access_token")))).toBe(true);

      // 退出登录 revokes the login on the server: the refresh token it held no longer works anywhere.
      const refresh = await page.evaluate(() => localStorage.getItem("refresh_token"));
      await avatar.hover();
      await page.getByText("退出登录").click();
      await page.getByLabel("用户名").waitFor();
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(["app_version"]);
      const reuse = await page.evaluate(async (token) => {
        const response = await fetch("/api/token/refresh/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ refresh: token }),
        });
        return response.status;
      }, refresh);
      expect(reuse).toBe(401);

      await page.getByLabel("用户名").fill(username);
      await page.getByLabel("密码").fill("wrong password!");
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await page.getByText("用户名或密码错误").waitFor();

      await page.getByLabel("密码").fill("correct horse battery");
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await avatar.waitFor();
      await page.screenshot({ path: "test-results/signed-in.png" });
    } finally {
      await context.close();
    }
  });

  it("shows the spec's validation texts and asks to log in on public knowledge when signed out", async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto("/");
      await firstVisitStoresVersion(page);
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await page.getByText("请输入用户名！").waitFor();
      await page.getByText("请输入密码！").waitFor();
      await page.goto("/public-knowledge");
      await page.getByText("请先登录").waitFor();
      await page.goto("/data/123");
      // The node page loads with its route (app/lazy-pages.tsx): a spinner first, then the page.
      await page.getByRole("heading", { name: "知识点 #123" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
