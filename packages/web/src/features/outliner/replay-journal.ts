import { ApiError } from "../../api/client";
import type { OutlineApi } from "./api";
import { journalReplayed, journalStartReplay } from "./write-journal";

/**
 * Sends again, in typing order, the new rows and names an earlier page of this tab typed and the server
 * never confirmed (a reload while requests failed or waited for the network). Rows under a row that
 * could not be made are skipped. Resolves to the parents whose children changed, for their lists to be
 * read again. A refused entry is dropped (it was refused the first time too); without a sign-in the
 * rest waits for the next start.
 */
export async function replayJournal(api: OutlineApi): Promise<Set<number>> {
  const touched = new Set<number>();
  const made = new Map<number, number>();
  const resolve = (id: number) => (id < 0 ? made.get(id) : id);
  for (const entry of journalStartReplay()) {
    try {
      if (entry.kind === "create") {
        const parent = resolve(entry.parent);
        if (parent !== undefined) {
          const next = entry.next === null ? null : (resolve(entry.next) ?? null);
          const { dnode } = await api.create({
            type: "NOTE",
            name: entry.name,
            location_id: parent,
            relation_name: entry.relation,
            next_id: next,
          });
          made.set(entry.temp, dnode.id);
          touched.add(parent);
        }
      } else {
        const id = resolve(entry.id);
        if (id !== undefined) {
          const saved = await api.update(id, entry.body);
          if (saved.parent_id !== null) touched.add(saved.parent_id);
        }
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) break;
      console.error(error);
    }
    journalReplayed(entry.seq);
  }
  return touched;
}
