import { CLIENT_ID } from "../../api/client-id";
import type { JournalEntry } from "./write-journal";

/**
 * Who sends again what a page left unconfirmed. Each page's journal sits in local storage under its own
 * id, and the page holds a Web Lock of the same name for as long as it lives. A journal whose lock is
 * free belongs to a page that is gone: the first page to take the lock takes the journal over (reads and
 * removes it inside the lock), so it is sent again exactly once, whichever tab gets there first.
 *
 * After a reload the tab's new page first waits for the old page's lock (it is released as the old page
 * unloads) — the pointer to the old page is in session storage, which survives a reload. Without Web
 * Locks (a plain-http address is not a secure context), only that reload path works, without a lock.
 */
export const PAGE_JOURNAL_PREFIX = "zhishu-outline-journal:";
const PAGE_POINTER = "zhishu-outline-journal-page";
/** Where the journal lived before it moved to local storage (session storage, one per tab). */
const LEGACY_SESSION_KEYS = ["zhishu-outline-journal", "zhishu-outline-journal:replaying"];
const PREDECESSOR_WAIT_MS = 3000;

/** One page's stored journal: whose it is, its own edits, and what it was sending again for others. */
export interface JournalRecord {
  user: number | null;
  entries: JournalEntry[];
  replaying: JournalEntry[];
}

export function journalStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

function locks(): LockManager | null {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
}

/** The page this tab showed before a reload, and this page recorded as the tab's current one. */
function swapPagePointer(): string | null {
  const store = sessionStore();
  const before = store?.getItem(PAGE_POINTER) ?? null;
  store?.setItem(PAGE_POINTER, CLIENT_ID);
  return before;
}

let predecessor: string | null = (() => {
  const page = swapPagePointer();
  return page === null ? null : PAGE_JOURNAL_PREFIX + page;
})();
// Held until the page is gone: while it is, nobody else takes this page's journal.
void locks()?.request(PAGE_JOURNAL_PREFIX + CLIENT_ID, () => new Promise<void>(() => {}));

function takeRecord(key: string, user: number | null): JournalEntry[] {
  const storage = journalStorage();
  try {
    const raw = storage?.getItem(key);
    const record = raw ? (JSON.parse(raw) as JournalRecord) : null;
    if (!record || record.user !== user) return [];
    storage?.removeItem(key);
    return [...(record.replaying ?? []), ...(record.entries ?? [])];
  } catch {
    return [];
  }
}

/** Entries an earlier version kept in session storage, taken once. */
function takeLegacy(): JournalEntry[] {
  const store = sessionStore();
  const taken: JournalEntry[] = [];
  for (const key of LEGACY_SESSION_KEYS) {
    try {
      const parsed = JSON.parse(store?.getItem(key) ?? "[]") as unknown;
      if (Array.isArray(parsed)) taken.push(...(parsed as JournalEntry[]));
    } catch {
      // unreadable: nothing to send
    }
    store?.removeItem(key);
  }
  return taken;
}

async function takeWhenFree(key: string, user: number | null, wait: boolean): Promise<JournalEntry[]> {
  const manager = locks();
  if (!manager) return wait ? takeRecord(key, user) : [];
  try {
    if (!wait)
      return await manager.request(key, { ifAvailable: true }, (lock) => (lock ? takeRecord(key, user) : []));
    return await manager.request(key, { signal: AbortSignal.timeout(PREDECESSOR_WAIT_MS) }, () =>
      takeRecord(key, user),
    );
  } catch {
    return []; // the old page still holds it (a duplicated tab): it sends its own edits
  }
}

/**
 * Takes over, oldest page first as far as known, the journals of pages that are gone: this tab's page
 * before a reload, then any other page of `user` nobody holds. Each taken journal is removed from storage.
 */
export async function adoptJournals(ownKey: string, user: number | null): Promise<JournalEntry[]> {
  const taken = takeLegacy();
  const before = predecessor;
  predecessor = null;
  if (before && before !== ownKey) taken.push(...(await takeWhenFree(before, user, true)));
  if (!locks()) return taken;
  const storage = journalStorage();
  const keys: string[] = [];
  for (let i = 0; i < (storage?.length ?? 0); i++) {
    const key = storage?.key(i);
    if (key?.startsWith(PAGE_JOURNAL_PREFIX) && key !== ownKey && key !== before) keys.push(key);
  }
  for (const key of keys) taken.push(...(await takeWhenFree(key, user, false)));
  return taken;
}

/** Tests: as if this page had just been loaded after the page whose journal is under `previousKey`. */
export function pretendReloadedAfter(previousKey: string): void {
  predecessor = previousKey;
}
