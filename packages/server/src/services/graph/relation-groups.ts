import { type RelationGroup, X_SIDE_PREFIX } from "@zhishu/shared";
import { is, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { type Db, queryRows, type Tx } from "../../db/client";
import { preparedForIds } from "../../db/prepared-sql";

export type { RelationGroup };

/** The head of a relation group is capped (workspace-spec 9: "relation head list capped at 200 ids"). */
export const RELATION_HEAD_LIMIT = 200;

interface GroupRow {
  node_id: number;
  relation_name: string;
  size: number;
  head: number[];
  rel_ids: number[];
}

/** `(a, b, c)` as bound parameters, for `in` lists. */
export const idList = (ids: number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

// Sizes come from relation_count (kept by a trigger); each head is a lateral index scan that stops after
// 200 rows, so a node with 10,000 children never counts, sorts or aggregates them all. `nodeIs` says which
// nodes (preparedForIds's match for the prepared forms).
const groupsOf = (side: "y" | "x", nodeIs: SQL) => {
  const own = sql.raw(side === "y" ? "xnode" : "ynode");
  const other = sql.raw(side === "y" ? "ynode" : "xnode");
  const order = sql.raw(side === "y" ? "yorder" : "xorder");
  return sql`
    select g.node as node_id, g.relation_name, g.size, h.head, h.rel_ids
    from relation_count g
    cross join lateral (
      select array_agg(t.other order by t.ord, t.id) as head, array_agg(t.id order by t.ord, t.id) as rel_ids
      from (select r.${other} as other, r.${order} as ord, r.id from dnode_relation r
            where r.${own} = g.node and r.relation_name = g.relation_name and not r.is_deleted
            order by r.${order}, r.id limit ${sql.raw(String(RELATION_HEAD_LIMIT))}) t) h
    where ${nodeIs} and g.side = '${sql.raw(side)}' and g.size > 0`;
};

// Built once per database and sent as named statements (issue 18 point 2: building this SQL for 40 ids was
// a good part of the children page's CPU); a transaction builds it with its values.
const prepared = (side: "y" | "x") =>
  preparedForIds<GroupRow>(`relation_groups_${side}`, (idsAre) => groupsOf(side, idsAre(sql`g.node`)));
const PREPARED = { y: prepared("y"), x: prepared("x") };

const groupRows = (db: Db | Tx, side: "y" | "x", nodeIds: number[]): Promise<GroupRow[]> => {
  const ids = nodeIds.join(",");
  if (is(db, PgTransaction))
    return queryRows<GroupRow>(db, groupsOf(side, sql`g.node = any(string_to_array(${ids}, ',')::int[])`));
  return PREPARED[side](db as Db, nodeIds);
};

/**
 * The relation groups of many nodes in two queries (never one per node): groups where the node is the
 * x side are keyed by relation name; groups where it is the y side by `x__` plus the name.
 */
export async function relationGroups(
  db: Db | Tx,
  nodeIds: number[],
): Promise<Map<number, Record<string, RelationGroup>>> {
  const result = new Map<number, Record<string, RelationGroup>>(nodeIds.map((id) => [id, {}]));
  if (nodeIds.length === 0) return result;
  const [ySide, xSide] = await Promise.all([groupRows(db, "y", nodeIds), groupRows(db, "x", nodeIds)]);
  const put = (rows: GroupRow[], prefix: string) => {
    for (const row of rows) {
      const dict: Record<number, number> = {};
      row.head.forEach((id, i) => {
        const relationId = row.rel_ids[i];
        if (relationId !== undefined) dict[id] = relationId;
      });
      const groups = result.get(row.node_id);
      if (groups) groups[prefix + row.relation_name] = { size: row.size, head: row.head, dict };
    }
  };
  put(ySide, "");
  put(xSide, X_SIDE_PREFIX);
  return result;
}
