import type { ClientMessage } from "@zhishu/shared";

/** At most this many nodes are watched per tab (the server allows more; a tab rarely shows as many). */
export const MAX_WATCHED = 2000;
/** Ids per subscribe / unsubscribe message. */
export const WATCH_BATCH = 500;

/**
 * The nodes this tab watches on the socket: the set it wants (the open pages' nodes, the parents of
 * the loaded lists, then the rows in them, capped) against what the server was told, sent as the
 * difference in batches. After a reconnect the server knows nothing, so `reset` forgets what was sent.
 */
export class Watcher {
  private sent = new Set<number>();

  constructor(
    private readonly wanted: () => Iterable<number>,
    private readonly send: (message: ClientMessage) => boolean,
  ) {}

  /** The ids wanted now, capped at MAX_WATCHED in the order given (most important first). */
  current(): Set<number> {
    const ids = new Set<number>();
    for (const id of this.wanted()) {
      if (ids.size >= MAX_WATCHED) break;
      // Rows typed but not saved yet have negative temporary ids: nothing to watch on the server.
      if (Number.isInteger(id) && id > 0) ids.add(id);
    }
    return ids;
  }

  reset(): void {
    this.sent.clear();
  }

  /** Tells the server what changed since the last sync; nothing is remembered as sent if the socket is down. */
  sync(): void {
    const want = this.current();
    const added = [...want].filter((id) => !this.sent.has(id));
    const removed = [...this.sent].filter((id) => !want.has(id));
    for (let i = 0; i < removed.length; i += WATCH_BATCH) {
      const node_ids = removed.slice(i, i + WATCH_BATCH);
      if (!this.send({ type: "unsubscribe", node_ids })) return;
      for (const id of node_ids) this.sent.delete(id);
    }
    for (let i = 0; i < added.length; i += WATCH_BATCH) {
      const node_ids = added.slice(i, i + WATCH_BATCH);
      if (!this.send({ type: "subscribe", node_ids })) return;
      for (const id of node_ids) this.sent.add(id);
    }
  }
}

/**
 * What an outline store shows, most important first: the given page nodes, the parents of loaded
 * lists (a new child or a removed one changes them), then the rows of those lists.
 */
export function* shownNodeIds(pages: Iterable<number>, listKeys: Record<string, { ids: number[] }>) {
  yield* pages;
  for (const key of Object.keys(listKeys)) yield Number(key.slice(0, key.indexOf(":")));
  for (const list of Object.values(listKeys)) yield* list.ids;
}
