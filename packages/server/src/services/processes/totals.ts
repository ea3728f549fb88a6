import {
  INSERTED_TIME_PREFIX,
  ownHoursAt,
  type ProcessState,
  SUBPROCESS_RELATIONS,
  type TimedChild,
  totalsOf,
} from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

const CHILD_LINKS = sql.raw(`(${SUBPROCESS_RELATIONS.map((r) => `'${r}'`).join(", ")})`);

/** One process of a tree as `processTreeJsonSql` lists it: [id, parent_id, self_status, ran_at, self_time,
 * custom_prefix (the four as text), whether it is a child process of its parent (PROCESS under
 * SUBPROCESS or CHILD_NODE)]. */
export type TreeRow = [
  number,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  boolean,
];

/** Time totals of processes, in hours, as of now. */
export interface ProcessTotals {
  total: number;
  inserted: number;
}

/**
 * SQL for one JSON value: the processes below the roots `roots` selects (a query of one id column), roots
 * included, each once however many roots it lies under (which also ends a cycle of parent links), with
 * only what the clock needs, as `TreeRow`s. One value rather than a row per process: PGlite's cost is in
 * the rows and fields it hands over, not in the walk.
 *
 * The recursive step looks each node's children up by the parent index (`offset 0` keeps the planner
 * from turning it into a merge join that reads the whole parent index, as it does for a recursive CTE it
 * cannot size) and carries the fields as text, so no second lookup of the rows is needed.
 */
export const processTreeJsonSql = (roots: SQL): SQL => sql`(with recursive down(id, parent_id, status, ran_at,
    self_time, prefix, is_child) as (
    select d.id, d.parent_id, d.content->>'self_status', d.content->>'ran_at', d.content->>'self_time',
      d.content->>'custom_prefix', d.type = 'PROCESS' and d.main_relation in ${CHILD_LINKS}
    from dnode d where d.id in (${roots})
    union
    select c.* from down cross join lateral (
      select c.id, c.parent_id, c.content->>'self_status', c.content->>'ran_at', c.content->>'self_time',
        c.content->>'custom_prefix', true
      from dnode c
      where c.parent_id = down.id and c.type = 'PROCESS' and c.main_relation in ${CHILD_LINKS}
      offset 0) c)
  select coalesce(json_agg(json_build_array(id, parent_id, status, ran_at, self_time, prefix, is_child)), '[]'::json)
  from down)`;

/**
 * total_time and inserted_time of each of `processIds` from their trees as `processTreeJsonSql` lists
 * them, by shared's rule (`totalsOf`), each node's subtree built once. A running process counts its
 * running segment up to `now`.
 */
export function totalsFromTree(
  tree: TreeRow[],
  processIds: number[],
  now = new Date(),
): Map<number, ProcessTotals> {
  const children = new Map<number, TreeRow[]>();
  for (const row of tree) {
    const [, parent, , , , , isChild] = row;
    if (parent === null || !isChild) continue;
    const siblings = children.get(parent);
    if (siblings) siblings.push(row);
    else children.set(parent, [row]);
  }
  const built = new Map<number, TimedChild>();
  const open = new Set<number>();
  const build = (row: TreeRow): TimedChild => {
    const [id, , selfStatus, ranAt, selfTime, prefix] = row;
    const known = built.get(id);
    if (known) return known;
    open.add(id);
    // self_time comes as text; ownHoursAt reads it as a number, as it does the stored value.
    const state = { self_status: selfStatus, ran_at: ranAt, self_time: selfTime } as ProcessState;
    const node: TimedChild = {
      ownHours: ownHoursAt(state, now),
      inserted: prefix === INSERTED_TIME_PREFIX,
      children: (children.get(id) ?? []).filter((child) => !open.has(child[0])).map(build),
    };
    open.delete(id);
    built.set(id, node);
    return node;
  };
  const byId = new Map(tree.map((row) => [row[0], row]));
  const result = new Map<number, ProcessTotals>();
  for (const id of processIds) {
    const row = byId.get(id);
    if (row) result.set(id, totalsOf(build(row)));
  }
  return result;
}

/**
 * total_time and inserted_time of each process, computed from the process trees below them in one query
 * (never stored, so a child moved, deleted or finished is counted right on the next read).
 */
export async function processTotals(
  db: Db | Tx,
  processIds: number[],
  now = new Date(),
): Promise<Map<number, ProcessTotals>> {
  if (processIds.length === 0) return new Map();
  const roots = sql`select unnest(${`{${processIds.join(",")}}`}::int[])`;
  const [row] = await queryRows<{ tree: TreeRow[] }>(db, sql`select ${processTreeJsonSql(roots)} as tree`);
  return totalsFromTree(row?.tree ?? [], processIds, now);
}
