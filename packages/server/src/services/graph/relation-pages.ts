import {
  type DnodeJson,
  type NodeRelationsPage,
  type RelationJson,
  type RelationsPaging,
  X_SIDE_PREFIX,
} from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedForIds } from "../../db/prepared-sql";
import { rightsOfLoaded, rightsOnIds } from "../../policies/node";
import { loadNodeRows, requireNode } from "../../policies/node-access";
import { presentRelation } from "../../presenters/relation";
import { presentNodes } from "../nodes/read";
import type { RelationRow } from "./relation-rows";

interface PagedRow {
  group_node: number;
  group_key: string;
  total: number;
  id: number | null;
  xnode: number;
  ynode: number;
  relation_name: string;
  custom_relation: number | null;
  xorder: number;
  yorder: number;
  key: string | null;
  info: Record<string, unknown>;
  showed_side: string | null;
  is_deleted: boolean;
  created_at: string | Date;
}

const ORDER_SQL: Record<RelationsPaging["order_by"], { y: SQL; x: SQL }> = {
  yorder: { y: sql`r.yorder, r.id`, x: sql`r.xorder, r.id` },
  "-yorder": { y: sql`r.yorder desc, r.id desc`, x: sql`r.xorder desc, r.id desc` },
  created_at: { y: sql`r.created_at, r.id`, x: sql`r.created_at, r.id` },
  "-created_at": { y: sql`r.created_at desc, r.id desc`, x: sql`r.created_at desc, r.id desc` },
};

/**
 * One page of every relation group of the given nodes, in one query per side: group counts, then a
 * lateral index scan per group for just its page (never the whole 10k-child list). Built once for each
 * side, order and filter (`preparedForIds`); the ids, pages, size and names are its values. The rows are
 * ordered by the outer query too: the lateral's order alone did not survive a hash join on the names
 * filter, which PostgreSQL chose for one node (the page came back reversed).
 */
function pagedSideQuery(side: "x" | "y", order: RelationsPaging["order_by"], filtered: boolean) {
  const own = side === "y" ? sql.raw("xnode") : sql.raw("ynode");
  const prefix = side === "y" ? "" : X_SIDE_PREFIX;
  const size = sql.placeholder("size");
  const filter = filtered
    ? sql`and g.relation_name in (select jsonb_array_elements_text(${sql.placeholder("names")}::jsonb))`
    : sql``;
  return preparedForIds<PagedRow>(
    `relation_page_${side}_${order.replace("-", "desc_")}${filtered ? "_named" : ""}`,
    (idsAre) => sql`
    select g.node as group_node, ${prefix} || g.relation_name as group_key, g.size as total, r.*
    from relation_count g
    left join lateral (
      select * from dnode_relation r
      where r.${own} = g.node and r.relation_name = g.relation_name and not r.is_deleted
      order by ${ORDER_SQL[order][side]}
      limit ${size}::int
      offset (greatest(coalesce((${sql.placeholder("pages")}::jsonb ->> (${prefix} || g.relation_name))::int, 1), 1) - 1) * ${size}::int
    ) r on true
    where ${idsAre(sql`g.node`)} and g.side = ${side} and g.size > 0 ${filter}
    order by g.node, g.relation_name, ${ORDER_SQL[order][side]}`,
  );
}

const PAGED_SIDES = new Map<string, ReturnType<typeof pagedSideQuery>>();

/** This side's page rows for the nodes, or none when the caller asked only for the other side's groups. */
function pagedSide(db: Db, nodeIds: number[], side: "x" | "y", paging: RelationsPaging): Promise<PagedRow[]> {
  const prefix = side === "y" ? "" : X_SIDE_PREFIX;
  // Group keys asked for, turned into this side's plain relation names (x__NAME belongs to side x).
  const names = paging.relation_names
    ?.filter((key) => (side === "x") === key.startsWith(X_SIDE_PREFIX))
    .map((key) => key.slice(prefix.length));
  if (names && names.length === 0) return Promise.resolve([]);
  const key = `${side} ${paging.order_by} ${names !== undefined}`;
  const query =
    PAGED_SIDES.get(key) ??
    PAGED_SIDES.set(key, pagedSideQuery(side, paging.order_by, names !== undefined)).get(key)!;
  return query(db, nodeIds, {
    pages: JSON.stringify(paging.relation_pages),
    size: paging.page_size,
    names: JSON.stringify(names ?? []),
  });
}

function toRelationRow(row: PagedRow): RelationRow {
  return {
    id: row.id as number,
    xnode: row.xnode,
    ynode: row.ynode,
    relationName: row.relation_name,
    customRelation: row.custom_relation,
    xorder: row.xorder,
    yorder: row.yorder,
    key: row.key,
    info: row.info,
    showedSide: row.showed_side,
    isDeleted: row.is_deleted,
    createdAt: new Date(row.created_at),
  };
}

/** Pages of relations for each node plus every related node the caller may read, in a fixed number of queries. */
export async function relationsWithData(
  db: Db,
  userId: number | null,
  nodeIds: number[],
  paging: RelationsPaging,
  // "bypassed" only for the benchmark, which prices the policy against a call without it.
  policy: "enforced" | "bypassed" = "enforced",
): Promise<{ pages: Map<number, NodeRelationsPage>; relatedNodes: DnodeJson[] }> {
  const pages = new Map<number, NodeRelationsPage>(
    nodeIds.map((id) => [id, { relations: [], pagination_info: {} }]),
  );
  if (nodeIds.length === 0) return { pages, relatedNodes: [] };
  const [ySide, xSide] = await Promise.all([
    pagedSide(db, nodeIds, "y", paging),
    pagedSide(db, nodeIds, "x", paging),
  ]);
  const relatedIds = new Set<number>();
  // Links in x__ groups belong to their x side, another node: their key and info are that node's to show.
  const ownedElsewhere: RelationJson[] = [];
  for (const row of [...ySide, ...xSide]) {
    const page = pages.get(row.group_node);
    if (!page) continue;
    // A page past the end still reports its group's size (the row carries no relation then).
    if (row.id !== null) {
      const relation = presentRelation(toRelationRow(row));
      page.relations.push(relation);
      relatedIds.add(row.group_node === row.xnode ? row.ynode : row.xnode);
      if (row.group_node !== row.xnode) ownedElsewhere.push(relation);
    }
    const requested = paging.relation_pages[row.group_key] ?? 1;
    page.pagination_info[row.group_key] ??= {
      page: requested,
      page_size: paging.page_size,
      total: row.total,
      has_more: requested * paging.page_size < row.total,
    };
  }
  // The related nodes' rows carry the first pass of the rights rule: one query for both.
  const enforced = policy === "enforced";
  const rows = await loadNodeRows(db, [...relatedIds], enforced ? userId : undefined);
  const rights = enforced
    ? await rightsOfLoaded(db, userId, rows)
    : new Map(rows.map((row) => [row.id, { read: true, write: true, admin: true }]));
  // The same rule as GET /api/dnode_relation/{id}: a link's key and info are for readers of its x side.
  for (const relation of ownedElsewhere) {
    if (rights.get(relation.xnode)?.read) continue;
    relation.key = null;
    relation.info = {};
  }
  // A child in a tree the caller cannot read keeps its place as a locked placeholder.
  return { pages, relatedNodes: await presentNodes(db, userId, rows, { locked: true, rights }) };
}

/** GET /api/dnode/{id}/relations_with_data/: one node's pages; 404/403 for the node itself. */
export async function nodeRelationsWithData(
  db: Db,
  userId: number | null,
  id: number,
  paging: RelationsPaging,
) {
  // The page is read beside the caller's right to the node, not after it: one round trip fewer on the
  // call every node page opens with (issue 18). Nothing of it is answered unless the right is there.
  const [, { pages, relatedNodes }] = await Promise.all([
    requireNode(db, userId, id, "read"),
    relationsWithData(db, userId, [id], paging),
  ]);
  const page = pages.get(id)!;
  return { relations: page.relations, related_nodes: relatedNodes, pagination_info: page.pagination_info };
}

/** GET /api/dnode/batch_relations_with_data/: pages for every readable node; unreadable ids are listed apart. */
export async function batchRelationsWithData(
  db: Db,
  userId: number | null,
  nodeIds: number[],
  paging: RelationsPaging,
) {
  const unique = [...new Set(nodeIds)];
  const rights = await rightsOnIds(db, userId, unique);
  const readable = unique.filter((id) => rights.get(id)?.read);
  const readableSet = new Set(readable);
  const { pages, relatedNodes } = await relationsWithData(db, userId, readable, paging);
  return {
    results: Object.fromEntries(pages),
    all_related_nodes: relatedNodes,
    unavailable_ids: unique.filter((id) => !readableSet.has(id)),
  };
}
