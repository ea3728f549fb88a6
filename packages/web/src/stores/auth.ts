import type { LoginResponse, UserJson } from "@zhishu/shared";
import { create } from "zustand";
import { api } from "../api/client";
import { revokeOnServer } from "../api/logout";
import { clearTokens, readTokens, STORAGE_KEYS, writeTokens } from "../api/tokens";
import { browser } from "../app/browser";

function storedUser(): UserJson | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as UserJson) : null;
  } catch {
    return null;
  }
}

/**
 * Clears local storage except the app version (people-spec 4 "Logout"), and the version put off with
 * 稍后, which belongs to the browser, not to the person.
 */
export function clearLocalStorageKeepingVersion(): void {
  const kept = [STORAGE_KEYS.appVersion, STORAGE_KEYS.appVersionDismissed].map(
    (key) => [key, localStorage.getItem(key)] as const,
  );
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

interface AuthState {
  user: UserJson | null;
  loggedIn: boolean;
  login(username: string, password: string): Promise<void>;
  /** Registers, signs in automatically, then reloads the page (people-spec 4). */
  register(username: string, email: string, password: string): Promise<void>;
  /** Revokes the login on the server (best effort), then clears local storage and goes home. */
  logout(): Promise<void>;
  /** Refreshes the stored user from the server; a lapsed login signs out quietly. */
  loadMe(): Promise<void>;
}

const initialUser = readTokens() ? storedUser() : null;

export const useAuth = create<AuthState>((set, get) => ({
  user: initialUser,
  loggedIn: initialUser !== null,
  async login(username, password) {
    const result = await api.post<LoginResponse>("/login", { username, password });
    writeTokens({ access: result.access, refresh: result.refresh });
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(result.user));
    set({ user: result.user, loggedIn: true });
  },
  async register(username, email, password) {
    await api.post("/register", { username, email, password });
    await get().login(username, password);
    browser.reload();
  },
  async logout() {
    const tokens = readTokens();
    if (tokens) await revokeOnServer(tokens.refresh);
    clearTokens();
    clearLocalStorageKeepingVersion();
    set({ user: null, loggedIn: false });
    browser.goHome();
  },
  async loadMe() {
    if (!readTokens()) return;
    try {
      const user = await api.get<UserJson>("/user/me/");
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      set({ user, loggedIn: true });
    } catch (error) {
      if ((error as { status?: number }).status === 401) {
        clearTokens();
        localStorage.removeItem(STORAGE_KEYS.user);
        set({ user: null, loggedIn: false });
      }
    }
  },
}));
