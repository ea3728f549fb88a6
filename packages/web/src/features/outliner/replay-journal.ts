import { ApiError } from "../../api/client";
import type { OutlineApi } from "../../entities/dnode/api";
import { journalReplayed, journalStartReplay } from "./write-journal";

/**
 * Sends again, in the order they were made, the new rows, names, moves and deletes an earlier page of
 * this tab made and the server never confirmed (a reload while requests failed or waited for the network). Rows under a row that
 * could not be made are skipped. Resolves to the parents whose children changed, for their lists to be
 * read again. A refused entry is dropped (it was refused the first time too); without a sign-in the
 * rest waits for the next start.
 */
export async function replayJournal(api: OutlineApi): Promise<Set<number>> {
  const touched = new Set<number>();
  const made = new Map<number, number>();
  const resolve = (id: number) => (id < 0 ? made.get(id) : id);
  for (const entry of await journalStartReplay()) {
    try {
      if (entry.kind === "create") {
        const parent = resolve(entry.parent);
        if (parent !== undefined) {
          const next = entry.next === null ? null : (resolve(entry.next) ?? null);
          const { dnode } = await api.create(
            {
              type: "NOTE",
              name: entry.name,
              location_id: parent,
              relation_name: entry.relation,
              next_id: next,
            },
            entry.key,
          );
          made.set(entry.temp, dnode.id);
          touched.add(parent);
        }
      } else if (entry.kind === "update") {
        const id = resolve(entry.id);
        if (id !== undefined) {
          const saved = await api.update(id, entry.body);
          if (saved.parent_id !== null) touched.add(saved.parent_id);
        }
      } else if (entry.kind === "move") {
        const [id, from, to] = [resolve(entry.id), resolve(entry.from), resolve(entry.to)];
        if (id !== undefined && from !== undefined && to !== undefined) {
          await api.move({
            moved_nodes_ids: [id],
            target_node_id: to,
            old_location_id: from,
            old_relationName: entry.fromRelation,
            new_relationName: entry.toRelation,
            before_node_id: entry.before === null ? null : (resolve(entry.before) ?? null),
            keep_old: false,
            way: entry.way,
          });
          touched.add(from).add(to);
        }
      } else if (entry.kind === "refer" || entry.kind === "clone") {
        const [id, to] = [resolve(entry.id), resolve(entry.to)];
        if (id !== undefined && to !== undefined) {
          const before = entry.before === null ? undefined : resolve(entry.before);
          const location =
            before === undefined
              ? ({ position: "insideLast" } as const)
              : ({ position: "before", before_node_id: before } as const);
          if (entry.kind === "refer")
            await api.refer({
              refered_nodes_ids: [id],
              target_node_id: to,
              relation_name: entry.relation,
              location,
            });
          else
            await api.clone(
              { source_id: id, target_parent_id: to, relation_name: entry.relation, location },
              entry.key,
            );
          touched.add(to);
        }
      } else {
        const ids = entry.ids.map(resolve).filter((id): id is number => id !== undefined);
        if (ids.length > 0) {
          await api.deleteBatch(ids);
          for (const parent of entry.parents.map(resolve)) if (parent !== undefined) touched.add(parent);
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
