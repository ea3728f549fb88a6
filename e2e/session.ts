import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { newPage } from "./browser";

export interface Account {
  username: string;
  password: string;
  id: number;
  rootId: number;
  access: string;
}

/** Registers and logs in through the API (tests that are not about the login form start here). */
export async function createAccount(prefix = "e2e"): Promise<Account> {
  const base = inject("baseUrl");
  const username = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const password = "correct horse battery";
  const post = (path: string, body: unknown) =>
    fetch(`${base}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post("/register", { username, email: `${username}@example.com`, password });
  const login = await post("/login", { username, password });
  return {
    username,
    password,
    id: login.user.id,
    rootId: login.user.content.user_root_node_id,
    access: login.access,
  };
}

/** A signed-in call to the API, for setting up what a test is not about. */
export async function apiCall<T = unknown>(
  account: Account,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.access}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** A node made through the API; returns its id. */
export async function makeNode(account: Account, body: Record<string, unknown>): Promise<number> {
  const { dnode } = await apiCall<{ dnode: { id: number } }>(account, "POST", "/dnode/create/", {
    type: "NOTE",
    ...body,
  });
  return dnode.id;
}

/**
 * A fresh browser context signed in as the account, as if they had logged in there: the tokens, the
 * user and the app version are in local storage before the app starts.
 */
export async function signedInPage(
  browser: Browser,
  account: Account,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  const version = (await (await fetch(`${inject("baseUrl")}/api/app-version/`)).json()).version as string;
  const login = await fetch(`${inject("baseUrl")}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: account.password }),
  }).then((r) => r.json());
  await context.addInitScript(
    ({ login, version }) => {
      // Only on the first load of this context: later reloads keep what the app itself stored.
      if (localStorage.getItem("app_version")) return;
      localStorage.setItem("access_token", login.access);
      localStorage.setItem("refresh_token", login.refresh);
      localStorage.setItem("user", JSON.stringify(login.user));
      localStorage.setItem("app_version", version);
    },
    { login, version },
  );
  return { context, page };
}
