import { CLIENT_ID } from "../../api/client-id";
import { storedUserId } from "../../api/tokens";
import type { UpdateBody } from "../../entities/dnode/api";
import {
  adoptJournals,
  type JournalRecord,
  journalStorage,
  PAGE_JOURNAL_PREFIX,
  pretendReloadedAfter,
} from "./journal-adoption";

/**
 * The outline edits made in this page that the server has not confirmed yet (issue 11 item 5: edits
 * survive a reload, a lost network and a closed tab): new rows, name saves, keyboard and drag moves and
 * deletes, in the order they were made. They are kept in memory and written through to local storage
 * under this page's id, so they outlive the page; entries leave when the server answers. What a page
 * left behind is sent again by the next page of the same tab (after a reload), or by any page of the same
 * person once the tab that wrote it is gone (closed while offline); see journal-adoption.ts and
 * replay-journal.ts.
 *
 * Ids are real (> 0) or the temporary ids (< 0) rows were typed under; when a row's creation lands, the
 * entries naming its temporary id are rewritten to the real one.
 */
export type JournalEntry =
  | {
      seq: number;
      kind: "create";
      temp: number;
      parent: number;
      relation: string;
      next: number | null;
      name: string;
      /** The creation's Idempotency-Key: sent again with the replay, so a create whose answer was lost is not made twice. */
      key?: string;
    }
  | { seq: number; kind: "update"; id: number; body: UpdateBody }
  | {
      seq: number;
      kind: "move";
      id: number;
      from: number;
      fromRelation: string;
      to: number;
      toRelation: string;
      before: number | null;
      way: "move" | "move_and_refer";
    }
  | { seq: number; kind: "delete"; ids: number[]; parents: number[] }
  /** A drop that refers a node. */
  | { seq: number; kind: "refer"; id: number; to: number; relation: string; before: number | null }
  /** A drop that clones a node; `key` is the clone's Idempotency-Key. */
  | {
      seq: number;
      kind: "clone";
      id: number;
      to: number;
      relation: string;
      before: number | null;
      key: string;
    };

type NewEntry = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, "seq"> : never) : never;

let ownKey = PAGE_JOURNAL_PREFIX + CLIENT_ID;

// This page's own edits, and the entries it took over from earlier pages and is sending again. Kept in
// memory so a keystroke never parses the stored journal; every change is written through at once.
let entries: JournalEntry[] = [];
let replaying: JournalEntry[] = [];

function persist(): void {
  try {
    const storage = journalStorage();
    if (entries.length === 0 && replaying.length === 0) storage?.removeItem(ownKey);
    else {
      const record: JournalRecord = { user: storedUserId(), entries, replaying };
      storage?.setItem(ownKey, JSON.stringify(record));
    }
  } catch {
    // Storage full or denied: the edit still goes to the server as before; only a reload could lose it.
  }
}

function setEntries(next: JournalEntry[]): void {
  entries = next;
  persist();
}

/** Writes an edit down before it is sent; returns its number, for `done`. */
export function journalAdd(entry: NewEntry): number {
  const seq = (entries.at(-1)?.seq ?? 0) + 1;
  setEntries([...entries, { ...entry, seq } as JournalEntry]);
  return seq;
}

/** An entry not sent yet takes a newer body (more typing in the same 50 ms). */
export function journalReplace(seq: number, entry: NewEntry): void {
  setEntries(entries.map((e) => (e.seq === seq ? ({ ...entry, seq } as JournalEntry) : e)));
}

/** The server answered (or refused for good): the edit needs no sending again. */
export function journalDone(seq: number): void {
  setEntries(entries.filter((entry) => entry.seq !== seq));
}

/** A row typed under a temporary id now has its real one. */
export function journalResolve(temp: number, real: number): void {
  const swap = (id: number) => (id === temp ? real : id);
  const swapOrNull = (id: number | null) => (id === null ? null : swap(id));
  setEntries(
    entries.map((entry): JournalEntry => {
      if (entry.kind === "create")
        return { ...entry, parent: swap(entry.parent), next: swapOrNull(entry.next) };
      if (entry.kind === "update") return { ...entry, id: swap(entry.id) };
      if (entry.kind === "move")
        return {
          ...entry,
          id: swap(entry.id),
          from: swap(entry.from),
          to: swap(entry.to),
          before: swapOrNull(entry.before),
        };
      if (entry.kind === "refer" || entry.kind === "clone")
        return { ...entry, id: swap(entry.id), to: swap(entry.to), before: swapOrNull(entry.before) };
      return { ...entry, ids: entry.ids.map(swap), parents: entry.parents.map(swap) };
    }),
  );
}

/** A row typed and deleted before the server made it: nothing of it is to be sent again. */
export function journalForget(temp: number): void {
  const about = (entry: JournalEntry) =>
    entry.kind === "create"
      ? entry.temp === temp
      : entry.kind === "delete"
        ? false
        : entry.id === temp || (entry.kind !== "update" && entry.to === temp);
  setEntries(entries.filter((entry) => !about(entry)));
}

/**
 * At the start of a page: what earlier pages left unconfirmed (this tab's page before a reload, and
 * pages of the same person that are gone), oldest first, taken over into this page's record apart from
 * its own entries, whose temporary ids may be the same numbers. They stay there until `journalReplayed`.
 */
export async function journalStartReplay(): Promise<JournalEntry[]> {
  const adopted = await adoptJournals(ownKey, storedUserId());
  replaying = [...replaying, ...adopted].map((entry, index) => ({ ...entry, seq: index + 1 }));
  persist();
  return replaying;
}

/** A replayed entry got its answer. */
export function journalReplayed(seq: number): void {
  replaying = replaying.filter((entry) => entry.seq !== seq);
  persist();
}

/** Tests: a reload — this page's journal stays in storage, and a new page with a new id starts empty. */
export function journalPretendReload(): void {
  pretendReloadedAfter(ownKey);
  ownKey = `${PAGE_JOURNAL_PREFIX}test-${Math.random().toString(36).slice(2)}`;
  entries = [];
  replaying = [];
}

/** This page's own unconfirmed edits (tests and diagnostics). */
export function journalEntries(): readonly JournalEntry[] {
  return entries;
}
