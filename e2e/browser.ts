import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, inject } from "vitest";

/** Debian's Chromium, or CHROME_PATH. */
export const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
export const hasChromium = existsSync(chromePath);

/** Launches headless Chromium with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** What Chromium reported as blocked by the server's Content-Security-Policy in this test file. */
export const cspViolations: string[] = [];

// Every test file that opens pages here also checks that the CSP blocked nothing the app needed: the
// whole suite runs with the production policy, so a style, font, image or script it refuses fails the run.
afterAll(() => {
  if (cspViolations.length > 0) {
    throw new Error(`Content-Security-Policy blocked:\n${cspViolations.join("\n")}`);
  }
});

/** A fresh browser context (its own local storage) opened at the app's base URL. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject("baseUrl"),
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
  });
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const page = await context.newPage();
  return { context, page };
}
