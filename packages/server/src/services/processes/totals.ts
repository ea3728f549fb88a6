import {
  INSERTED_TIME_PREFIX,
  ownHoursAt,
  type ProcessState,
  SUBPROCESS_RELATIONS,
  type TimedChild,
  totalsOf,
} from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

const CHILD_LINKS = sql.raw(`(${SUBPROCESS_RELATIONS.map((r) => `'${r}'`).join(", ")})`);

interface Row {
  id: number;
  parent_id: number | null;
  self_status: string | null;
  ran_at: string | null;
  self_time: number | string | null;
  custom_prefix: string | null;
  /** A child process of its parent (PROCESS under SUBPROCESS or CHILD_NODE); a given node may not be. */
  is_child: boolean;
}

/** Time totals of processes, in hours, as of now. */
export interface ProcessTotals {
  total: number;
  inserted: number;
}

/**
 * total_time and inserted_time of each process, computed from the process trees below them (never
 * stored, so a child moved, deleted or finished is counted right on the next read). A running process
 * counts its running segment up to now.
 *
 * One query gathers the processes below all the given ones at once, each once however many of the given
 * ones it lies under (which also ends a cycle of parent links), with only the fields the clock needs;
 * the totals are summed here by shared's rule. The recursive step looks each node's children up by the parent index (`offset 0` keeps the planner from turning it
 * into a merge join that reads the whole parent index, as it does for a recursive CTE it cannot size;
 * the same for the final row lookup, which it would make a hash join over every node).
 */
export async function processTotals(
  db: Db | Tx,
  processIds: number[],
  now = new Date(),
): Promise<Map<number, ProcessTotals>> {
  const result = new Map<number, ProcessTotals>();
  if (processIds.length === 0) return result;
  const rows = await queryRows<Row>(
    db,
    sql`with recursive down(id) as (
          select id from dnode where id = any(${`{${processIds.join(",")}}`}::int[])
          union
          select c.id from down cross join lateral (
            select c.id from dnode c
            where c.parent_id = down.id and c.type = 'PROCESS' and c.main_relation in ${CHILD_LINKS}
            offset 0) c)
        select d.id, d.parent_id, d.content->>'self_status' as self_status, d.content->>'ran_at' as ran_at,
          d.content->'self_time' as self_time, d.content->>'custom_prefix' as custom_prefix,
          (d.type = 'PROCESS' and d.main_relation in ${CHILD_LINKS}) as is_child
        from down cross join lateral (select * from dnode d where d.id = down.id offset 0) d`,
  );
  const children = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.parent_id === null || !row.is_child) continue;
    const parent = Number(row.parent_id);
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  // Each node's tree built once, shared by every given process it lies under; `open` stops a cycle.
  const built = new Map<number, TimedChild>();
  const open = new Set<number>();
  const build = (row: Row): TimedChild => {
    const id = Number(row.id);
    const known = built.get(id);
    if (known) return known;
    open.add(id);
    const state = { self_status: row.self_status ?? undefined, ran_at: row.ran_at ?? undefined };
    const node: TimedChild = {
      ownHours: ownHoursAt({ ...state, self_time: row.self_time ?? undefined } as ProcessState, now),
      inserted: row.custom_prefix === INSERTED_TIME_PREFIX,
      children: (children.get(id) ?? []).filter((child) => !open.has(Number(child.id))).map(build),
    };
    open.delete(id);
    built.set(id, node);
    return node;
  };
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const id of processIds) {
    const row = byId.get(id);
    if (row) result.set(id, totalsOf(build(row)));
  }
  return result;
}
