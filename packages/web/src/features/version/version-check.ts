import type { AppVersion } from "@zhishu/shared";
import { api } from "../../api/client";
import { STORAGE_KEYS } from "../../api/tokens";

/** The version assumed before any check (workspace-spec 9). */
export const DEFAULT_APP_VERSION = "1.0.0";

/** True when the stored version is missing or differs from the server's (workspace-spec 4). */
export function needsUpdate(stored: string | null, server: string): boolean {
  return stored === null || stored !== server;
}

/** Asks the server for its version; a failed check means no update is needed (workspace-spec 8). */
export async function checkVersion(): Promise<AppVersion | null> {
  try {
    const remote = await api.get<AppVersion>("/app-version/");
    return needsUpdate(localStorage.getItem(STORAGE_KEYS.appVersion), remote.version) ? remote : null;
  } catch (error) {
    console.warn("version check failed", error);
    return null;
  }
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
  return { logout: remote.updateConfig.logout };
}
