import { type DnodeJson, type IdTree, type IdTreeNode, MESSAGES, parseShanghaiTime } from "@zhishu/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode, dnodeVersion } from "../../db/schema";
import { notFound } from "../../errors";
import { readableSql } from "../../policies/node";
import { requireNode } from "../../policies/node-access";
import { notDialogueDraft } from "../dialogues/draft-filter";
import { presentNodeIds } from "./read";

/** GET /api/dnode/my_last: the node the caller created last, or null. */
export async function myLastNode(db: Db, userId: number): Promise<DnodeJson | null> {
  const [row] = await db
    .select({ id: dnode.id })
    .from(dnode)
    .where(
      and(eq(dnode.creatorId, userId), sql`${dnode.type} <> 'USER'`, readableSql(userId), notDialogueDraft),
    )
    .orderBy(desc(dnode.createdAt), desc(dnode.id))
    .limit(1);
  return row ? ((await presentNodeIds(db, userId, [row.id]))[0] ?? null) : null;
}

/** GET /api/dnode/mydnodes/: the caller's own nodes, most recently changed first, a page at a time. */
export async function myNodes(db: Db, userId: number, page: number, pageSize: number) {
  const where = and(eq(dnode.ownerId, userId), sql`${dnode.type} <> 'USER'`, notDialogueDraft);
  const [rows, counted] = await Promise.all([
    db
      .select({ id: dnode.id })
      .from(dnode)
      .where(where)
      .orderBy(desc(dnode.updatedAt), desc(dnode.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(dnode).where(where),
  ]);
  return {
    results: await presentNodeIds(
      db,
      userId,
      rows.map((r) => r.id),
    ),
    total: counted[0]?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

// A range wider than this would list a lifetime of nodes in one answer.
const MAX_RANGE_RESULTS = 2000;

/** GET /api/dnode/my_dnodes_by_date_range: nodes the caller created in [start, end), times in Asia/Shanghai. */
export async function myNodesByDateRange(
  db: Db,
  userId: number,
  start: string,
  end: string,
): Promise<DnodeJson[]> {
  const from = new Date(parseShanghaiTime(start));
  const to = new Date(parseShanghaiTime(end));
  const rows = await db
    .select({ id: dnode.id })
    .from(dnode)
    .where(
      and(
        eq(dnode.creatorId, userId),
        readableSql(userId),
        sql`${dnode.type} <> 'USER'`,
        notDialogueDraft,
        sql`${dnode.createdAt} >= ${from.toISOString()} and ${dnode.createdAt} < ${to.toISOString()}`,
      ),
    )
    .orderBy(desc(dnode.createdAt))
    .limit(MAX_RANGE_RESULTS);
  return presentNodeIds(
    db,
    userId,
    rows.map((r) => r.id),
  );
}

/** GET /api/dnode/classnode/{tag}: the caller's class (CONCEPT or CLASS) tagged or named so. */
export async function classNode(db: Db, userId: number, tag: string): Promise<DnodeJson> {
  const [row] = await db
    .select({ id: dnode.id })
    .from(dnode)
    .where(
      and(
        readableSql(userId),
        sql`${dnode.type} in ('CONCEPT', 'CLASS')`,
        sql`(${dnode.name} = ${tag} or ${dnode.content}->>'tag' = ${tag})`,
      ),
    )
    .orderBy(sql`(${dnode.name} = ${tag}) desc`, dnode.id)
    .limit(1);
  const missing = () => notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  if (!row) throw missing();
  // Deleted between the two reads: the same 404.
  return oneRow(await presentNodeIds(db, userId, [row.id]), missing);
}

/** GET /api/dnode/custom-fields/{name}: the field definitions (PROPERTY children) of the class so named. */
export async function customFields(db: Db, userId: number, name: string) {
  const cls = await classNode(db, userId, name);
  const fieldIds = cls.relations.PROPERTY?.head ?? [];
  const fields = await presentNodeIds(db, userId, fieldIds);
  return {
    class_id: cls.id,
    fields: fields.map((f) => ({
      id: f.id,
      name: f.name,
      is_single: f.content.is_single ?? true,
      datatype: f.content.datatype ?? "string",
      max_length: f.content.max_length ?? null,
      values: f.content.values ?? null,
    })),
  };
}

// The id tree feeds "copy tree as text" and AI context: past this many nodes it is cut.
const MAX_ID_TREE_NODES = 5000;

/** GET /api/dnode/{id}/id_tree: the node's main-tree subtree as nested ids and names, in display order. */
export async function idTree(db: Db, userId: number, id: number): Promise<IdTree> {
  const root = await requireNode(db, userId, id, "read");
  const rows = await queryRows<{ id: number; name: string; type: string; parent_id: number | null }>(
    db,
    sql`with recursive sub(id, depth) as (
          select ${id}::int, 0
          union all
          select r.ynode, sub.depth + 1 from sub
          join dnode c on c.parent_id = sub.id
          join dnode_relation r on r.xnode = sub.id and r.ynode = c.id and r.relation_name = c.main_relation
          where sub.depth < 100)
        select d.id, d.name, d.type, d.parent_id from sub join dnode d on d.id = sub.id
        left join dnode_relation r on r.xnode = d.parent_id and r.ynode = d.id and r.relation_name = d.main_relation
        order by sub.depth, r.yorder, d.id
        limit ${MAX_ID_TREE_NODES + 1}`,
  );
  const truncated = rows.length > MAX_ID_TREE_NODES;
  const nodes = new Map<number, IdTreeNode>();
  for (const row of rows.slice(0, MAX_ID_TREE_NODES)) {
    const node: IdTreeNode = { id: row.id, name: row.name, type: row.type, children: [] };
    nodes.set(row.id, node);
    if (row.id !== root.id && row.parent_id !== null) nodes.get(row.parent_id)?.children.push(node);
  }
  return { ...(nodes.get(root.id) as IdTreeNode), truncated };
}

/** GET /api/dnode/{id}/evolves: the node's earlier versions, newest first. */
export async function evolves(db: Db, userId: number, id: number) {
  await requireNode(db, userId, id, "read");
  const rows = await db
    .select()
    .from(dnodeVersion)
    .where(eq(dnodeVersion.dnodeId, id))
    .orderBy(desc(dnodeVersion.version))
    .limit(200);
  return rows.map((r) => ({
    version: r.version,
    name: r.name,
    type: r.type,
    content: r.content,
    editor_id: r.editorId,
    created_at: r.createdAt.toISOString(),
  }));
}
