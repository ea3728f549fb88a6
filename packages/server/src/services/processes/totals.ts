import {
  INSERTED_TIME_PREFIX,
  ownHoursAt,
  SUBPROCESS_RELATIONS,
  type TimedChild,
  totalsOf,
} from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

const CHILD_LINKS = sql.raw(`(${SUBPROCESS_RELATIONS.map((r) => `'${r}'`).join(", ")})`);
// Process trees deeper than this are cut (a guard against a loop, not a limit anyone meets).
const MAX_DEPTH = 100;

interface Row {
  root: number;
  id: number;
  parent_id: number | null;
  content: Record<string, unknown>;
}

/** Time totals of processes, in hours, as of now. */
export interface ProcessTotals {
  total: number;
  inserted: number;
}

/**
 * total_time and inserted_time of each process, computed from the process trees below them in one query
 * (never stored, so a child moved, deleted or finished is counted right on the next read). A running
 * process counts its running segment up to now.
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
    sql`with recursive down(root, id, parent_id, content, depth) as (
          select id, id, parent_id, content, 0 from dnode where id = any(${`{${processIds.join(",")}}`}::int[])
          union all
          select down.root, c.id, c.parent_id, c.content, down.depth + 1 from down join dnode c on c.parent_id = down.id
          where c.type = 'PROCESS' and c.main_relation in ${CHILD_LINKS} and down.depth < ${MAX_DEPTH})
        select root, id, parent_id, content from down`,
  );
  const byRoot = new Map<number, Row[]>();
  for (const row of rows) {
    const root = Number(row.root);
    byRoot.set(root, [...(byRoot.get(root) ?? []), row]);
  }
  for (const [root, members] of byRoot) {
    const children = new Map<number, Row[]>();
    for (const row of members) {
      if (Number(row.id) === root || row.parent_id === null) continue;
      const parent = Number(row.parent_id);
      children.set(parent, [...(children.get(parent) ?? []), row]);
    }
    const build = (row: Row): TimedChild => ({
      ownHours: ownHoursAt(row.content, now),
      inserted: row.content.custom_prefix === INSERTED_TIME_PREFIX,
      children: (children.get(Number(row.id)) ?? []).map(build),
    });
    const top = members.find((row) => Number(row.id) === root);
    if (top) result.set(root, totalsOf(build(top)));
  }
  return result;
}
