import type { AppVersion } from "@zhishu/shared";
import { api } from "../../api/client";
import { STORAGE_KEYS } from "../../api/tokens";

/** The version assumed before any check (workspace-spec 9). */
export const DEFAULT_APP_VERSION = "1.0.0";

const DISMISSED_VERSION_KEY = STORAGE_KEYS.appVersionDismissed;

/** True when the stored version is missing or differs from the server's (workspace-spec 4). */
export function needsUpdate(stored: string | null, server: string): boolean {
  return stored === null || stored !== server;
}

/**
 * Asks the server for its version and answers the version to offer, or null. A first visit (nothing
 * stored) has nothing to update from, so the server's version is stored silently; a version already
 * put off with 稍后 is not offered again. A failed check means no update is needed (workspace-spec 8).
 */
export async function checkVersion(): Promise<AppVersion | null> {
  try {
    const remote = await api.get<AppVersion>("/app-version/");
    const stored = localStorage.getItem(STORAGE_KEYS.appVersion);
    if (stored === null) {
      localStorage.setItem(STORAGE_KEYS.appVersion, remote.version);
      return null;
    }
    if (!needsUpdate(stored, remote.version)) return null;
    if (localStorage.getItem(DISMISSED_VERSION_KEY) === remote.version) return null;
    return remote;
  } catch (error) {
    console.warn("version check failed", error);
    return null;
  }
}

/** 稍后: remembers the version put off, so reloads do not ask again until a newer one comes. */
export function postponeUpdate(remote: AppVersion): void {
  localStorage.setItem(DISMISSED_VERSION_KEY, remote.version);
}

/**
 * Applies an update: optionally clears local storage and writes the server's keys, stores the new
 * version, and reports whether the user must be logged out.
 */
export function applyUpdate(remote: AppVersion): { logout: boolean } {
  if (remote.updateConfig.localStorage) localStorage.clear();
  for (const [key, value] of Object.entries(remote.updateConfig.updateStorage ?? {})) {
    localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  localStorage.setItem(STORAGE_KEYS.appVersion, remote.version);
  localStorage.removeItem(DISMISSED_VERSION_KEY);
  return { logout: remote.updateConfig.logout };
}
