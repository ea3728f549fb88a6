import type { LoginResponse } from "@zhishu/shared";
import type { TestServer } from "./harness";

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely; the assertions check their shape
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed-input tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One HTTP call to the test server with fetch; the body is parsed as JSON when it is JSON. */
// biome-ignore lint/suspicious/noExplicitAny: as above
export async function call<T = any>(
  server: TestServer,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(server.url + path, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return {
    status: response.status,
    body: (isJson && text ? JSON.parse(text) : text) as T,
    headers: response.headers,
  };
}

let counter = 0;
/** A unique username for this test file. */
export const uniqueName = (prefix = "user") => `${prefix}${process.pid}_${++counter}`;

/** Registers a user and logs in: the factory every API test starts from. */
export async function makeUser(
  server: TestServer,
  username = uniqueName(),
  password = "correct horse battery",
): Promise<LoginResponse & { password: string }> {
  const reg = await call(server, "POST", "/api/register", {
    body: { username, email: `${username}@example.com`, password },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await call<LoginResponse>(server, "POST", "/api/login", { body: { username, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { ...login.body, password };
}
