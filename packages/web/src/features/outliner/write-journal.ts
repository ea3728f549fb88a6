import type { UpdateBody } from "../../entities/dnode/api";

/**
 * The outline edits made in this tab that the server has not confirmed yet (issue 11 item 5: edits
 * survive a reload): new rows, name saves, keyboard and drag moves and deletes, in the order they were
 * made, in session storage. Session storage is per tab
 * and survives a reload, so two tabs never send each other's edits twice. Entries leave when the server
 * answers; what is left at the next start of the tab is sent again (see replay-journal.ts).
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
  | { seq: number; kind: "delete"; ids: number[]; parents: number[] };

type NewEntry = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, "seq"> : never) : never;

const KEY = "zhishu-outline-journal";
const REPLAY_KEY = "zhishu-outline-journal:replaying";

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(key = KEY): JournalEntry[] {
  try {
    const raw = storage()?.getItem(key);
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(entries) ? (entries as JournalEntry[]) : [];
  } catch {
    return [];
  }
}

function write(entries: JournalEntry[], key = KEY): void {
  try {
    if (entries.length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(entries));
  } catch {
    // Storage full or denied: the edit still goes to the server as before; only a reload could lose it.
  }
}

/** Writes an edit down before it is sent; returns its number, for `done`. */
export function journalAdd(entry: NewEntry): number {
  const entries = read();
  const seq = (entries.at(-1)?.seq ?? 0) + 1;
  write([...entries, { ...entry, seq } as JournalEntry]);
  return seq;
}

/** An entry not sent yet takes a newer body (more typing in the same 50 ms). */
export function journalReplace(seq: number, entry: NewEntry): void {
  write(read().map((e) => (e.seq === seq ? ({ ...entry, seq } as JournalEntry) : e)));
}

/** The server answered (or refused for good): the edit needs no sending again. */
export function journalDone(seq: number): void {
  write(read().filter((entry) => entry.seq !== seq));
}

/** A row typed under a temporary id now has its real one. */
export function journalResolve(temp: number, real: number): void {
  const swap = (id: number) => (id === temp ? real : id);
  const swapOrNull = (id: number | null) => (id === null ? null : swap(id));
  write(
    read().map((entry): JournalEntry => {
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
      return { ...entry, ids: entry.ids.map(swap), parents: entry.parents.map(swap) };
    }),
  );
}

/** A row typed and deleted before the server made it: nothing of it is to be sent again. */
export function journalForget(temp: number): void {
  const about = (entry: JournalEntry) =>
    entry.kind === "create" ? entry.temp === temp : entry.kind === "delete" ? false : entry.id === temp;
  write(read().filter((entry) => !about(entry)));
}

/**
 * At the start of a tab: what an earlier page of this tab left unconfirmed, oldest first, moved aside
 * (with whatever an interrupted replay left) so the new page's own entries, whose temporary ids may be
 * the same numbers, never mix with them. They stay there until `journalReplayed`.
 */
export function journalStartReplay(): JournalEntry[] {
  const entries = [...read(REPLAY_KEY), ...read()].map((entry, index) => ({ ...entry, seq: index + 1 }));
  write([], KEY);
  write(entries, REPLAY_KEY);
  return entries;
}

/** A replayed entry got its answer. */
export function journalReplayed(seq: number): void {
  write(
    read(REPLAY_KEY).filter((entry) => entry.seq !== seq),
    REPLAY_KEY,
  );
}
