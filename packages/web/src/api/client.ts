import type { ApiErrorBody } from "@zhishu/shared";
import { zh } from "../i18n/zh-CN";
import { CLIENT_ID } from "./client-id";
import { earlyKey, takeEarly } from "./early-answers";
import { clearTokens, isExpired, readTokens, writeTokens } from "./tokens";

const BASE = "/api";
/** Under the 64 KiB browsers allow a keepalive body, with room for multi-byte characters counted once. */
const KEEPALIVE_MAX_CHARS = 20_000;

/** A failed API call: the HTTP status (0 when no answer), the server's code and its Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The server's `details` (which field, which person…), when it sent any. */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

let refreshing: Promise<string | null> | null = null;

/**
 * Runs the refresh under a lock shared by every tab of this origin (Web Locks), where the browser has
 * them: refresh tokens are single-use, so two tabs trading the same one would look like a stolen token
 * and the server would end the login.
 */
function underRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request("zhishu-token-refresh", run) : run();
}

/** Trades the stored refresh token for a new pair; null (and signed out) when the server refuses it. */
async function refreshTokens(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  // Another tab may have refreshed while this one waited for the lock.
  if (!isExpired(tokens.access)) return tokens.access;
  try {
    const response = await fetch(`${BASE}/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: tokens.refresh }),
    });
    if (!response.ok) throw new Error(String(response.status));
    const pair = (await response.json()) as { access: string; refresh: string };
    writeTokens(pair);
    return pair.access;
  } catch {
    clearTokens();
    return null;
  }
}

/** A usable access token: refreshed first when expired by the client clock; null means send none. */
export async function accessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (!isExpired(tokens.access)) return tokens.access;
  // Every request of this tab waiting on an expired token shares one refresh.
  refreshing ??= underRefreshLock(refreshTokens).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function toError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    return new ApiError(
      response.status,
      body.code ?? "UNKNOWN",
      body.error ?? zh.errors.request,
      body.details,
    );
  } catch {
    return new ApiError(response.status, "UNKNOWN", zh.errors.request);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Let the request outlive the page (a save sent while the page is hidden or left). */
  keepalive?: boolean;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers for this call (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

function urlFor(path: string, query?: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ""}`;
}

async function send<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const token = await accessToken();
  // Which tab this is: the live channel does not echo this tab's own changes back to it.
  const headers: Record<string, string> = { ...options.headers, "x-client-id": CLIENT_ID };
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (uploads) sets its own multipart content type, boundary included.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  const body =
    options.body === undefined
      ? undefined
      : isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body);
  // Browsers refuse keepalive bodies over 64 KiB outright; a larger one goes as an ordinary request
  // (and, if the page is gone before it lands, the caller's local copy still has it).
  const keepalive =
    options.keepalive === true && typeof body === "string" && body.length < KEEPALIVE_MAX_CHARS;
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method,
      headers,
      credentials: "same-origin",
      keepalive,
      body,
    });
  } catch {
    throw new ApiError(0, "NETWORK", zh.errors.network);
  }
  if (!response.ok) throw await toError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

// Identical GETs in flight at once share one request (people-spec 7: "identical concurrent GETs are merged").
const inflight = new Map<string, Promise<unknown>>();

/** The typed API client; every call goes under /api with the Bearer token. */
export const api = {
  get<T>(path: string, query?: RequestOptions["query"]): Promise<T> {
    const key = earlyKey(urlFor(path, query), readTokens()?.access ?? "");
    const pending = inflight.get(key);
    if (pending) return pending as Promise<T>;
    // The node page's first GETs may have been made before the app started (early/start.ts).
    const early = takeEarly(key);
    const request = (
      early
        ? early.then((answer) => (answer === null ? send<T>("GET", path, { query }) : (answer as T)))
        : send<T>("GET", path, { query })
    ).finally(() => inflight.delete(key));
    inflight.set(key, request);
    return request;
  },
  post<T>(
    path: string,
    body?: unknown,
    options: Pick<RequestOptions, "keepalive" | "headers"> = {},
  ): Promise<T> {
    return send<T>("POST", path, { body, ...options });
  },
  put<T>(path: string, body?: unknown): Promise<T> {
    return send<T>("PUT", path, { body });
  },
  delete<T>(path: string, query?: RequestOptions["query"]): Promise<T> {
    return send<T>("DELETE", path, { query });
  },
  /** A multipart POST (files), with the same token refresh and errors as every other call. */
  upload<T>(path: string, form: FormData): Promise<T> {
    return send<T>("POST", path, { body: form });
  },
};
