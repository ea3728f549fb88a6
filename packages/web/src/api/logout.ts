// Long enough for a slow network, short enough that 退出登录 never seems stuck.
const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Asks the server to revoke the login this refresh token belongs to (POST /api/logout). Never throws:
 * signing out locally must happen whether or not the server could be told.
 */
export async function revokeOnServer(refresh: string): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LOGOUT_TIMEOUT_MS);
  try {
    await fetch("/api/logout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh }),
      signal: abort.signal,
    });
  } catch {
    // Offline or timed out: the token still expires on its own; the local sign-out goes ahead.
  } finally {
    clearTimeout(timer);
  }
}
