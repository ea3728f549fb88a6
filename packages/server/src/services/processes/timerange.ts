import { parseShanghaiTime } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { readableSql } from "../../policies/node";
import { notDialogueDraft } from "../dialogues/draft-filter";

/** The timeline shows the newest 20 (workspace-spec 9 "Timeline insert list 20 items"). */
export const TIMELINE_LIMIT = 20;

/**
 * get_processes_in_timerange: the processes and nodes the caller made between two times, newest first,
 * at most 20, only what the caller may read; with exclude_descendants, not those inside the process
 * itself (its own steps are shown as its children already).
 */
export async function nodesMadeBetween(
  db: Db,
  userId: number,
  processId: number,
  range: { start_time: string; end_time: string; exclude_descendants: boolean },
): Promise<Array<{ id: number; name: string; type: string; created_at: string }>> {
  const from = new Date(parseShanghaiTime(range.start_time)).toISOString();
  const to = new Date(parseShanghaiTime(range.end_time)).toISOString();
  const exclude = range.exclude_descendants
    ? sql`and dnode.id not in (with recursive sub(id) as (select ${processId}::int
            union select d.id from dnode d join sub on d.parent_id = sub.id) select id from sub)`
    : sql``;
  const rows = await queryRows<{ id: number; name: string; type: string; created_at: Date | string }>(
    db,
    sql`select dnode.id, dnode.name, dnode.type, dnode.created_at from dnode
        where dnode.creator_id = ${userId} and dnode.type <> 'USER' and ${notDialogueDraft} and ${readableSql(userId)}
          and dnode.created_at >= ${from} and dnode.created_at <= ${to} ${exclude}
        order by dnode.created_at desc, dnode.id desc limit ${TIMELINE_LIMIT}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    type: row.type,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
