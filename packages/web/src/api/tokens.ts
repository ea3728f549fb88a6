/** Local-storage keys of the spec (workspace-spec 3): the token pair and the signed-in user. */
export const STORAGE_KEYS = {
  access: "access_token",
  refresh: "refresh_token",
  user: "user",
  appVersion: "app_version",
  /** The version whose 应用更新 prompt was put off with 稍后 (not asked again until it changes). */
  appVersionDismissed: "app_version_dismissed",
} as const;

export interface TokenPair {
  access: string;
  refresh: string;
}

/** The stored token pair, or null when signed out. */
export function readTokens(): TokenPair | null {
  const access = localStorage.getItem(STORAGE_KEYS.access);
  const refresh = localStorage.getItem(STORAGE_KEYS.refresh);
  return access && refresh ? { access, refresh } : null;
}

/** The signed-in user's id as stored at login, or null. */
export function storedUserId(): number | null {
  try {
    const user = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "null") as { id?: unknown } | null;
    return typeof user?.id === "number" ? user.id : null;
  } catch {
    return null;
  }
}

export function writeTokens(pair: TokenPair): void {
  localStorage.setItem(STORAGE_KEYS.access, pair.access);
  localStorage.setItem(STORAGE_KEYS.refresh, pair.refresh);
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.access);
  localStorage.removeItem(STORAGE_KEYS.refresh);
}

// A token this close to its expiry is refreshed first, so it cannot expire in flight.
const EXPIRY_MARGIN_SECONDS = 30;

/** When a JWT expires (its `exp`, read by the client clock, unverified), in epoch ms; null if unreadable. */
export function expiryOf(token: string): number | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: number };
    return typeof json.exp === "number" ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the JWT's `exp` (read by the client clock, unverified) has passed or is about to. */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  const expiry = expiryOf(token);
  return expiry === null || expiry - EXPIRY_MARGIN_SECONDS * 1000 <= nowMs;
}
