import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspViolations, launchBrowser, newPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the Content-Security-Policy in the browser", () => {
  it("is sent with the app and stops a script slipped into the page", async () => {
    const { context, page } = await newPage(browser);
    try {
      const response = await page.goto("/");
      const csp = response?.headers()["content-security-policy"] ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      await page.getByLabel("用户名").waitFor();

      // What an injected inline script would do, were it allowed.
      const before = cspViolations.length;
      const ran = await page.evaluate(async () => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => cspViolations.length).toBeGreaterThan(before);
      // This one was meant to be blocked; the file's check is for what the app itself needs.
      cspViolations.splice(before);
    } finally {
      await context.close();
    }
  });
});
