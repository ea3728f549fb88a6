import { MESSAGES } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnodeRelation } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { recordChange } from "../events/write-transaction";
import { lockLists, type OrderedList, orderForInsert } from "./ordering";

export type RelationRow = typeof dnodeRelation.$inferSelect;

export interface NewRelation {
  xnode: number;
  ynode: number;
  relationName: string;
  /** Place among x's children under the name (its y-side list); absent = last. */
  beforeYnode?: number | null;
  /** Place among y's owners under the name (its x-side list, shown as x__NAME); absent = last. */
  beforeXnode?: number | null;
  customRelation?: number | null;
  key?: string | null;
  info?: Record<string, unknown>;
  showedSide?: string | null;
  /** Known up front for a brand-new y (its first parent link): skips a lookup. */
  xorder?: number;
}

/** A dnode_relation row as raw SQL returns it, in Drizzle's shape. */
export const relationFromSql = (r: Record<string, unknown>): RelationRow => ({
  id: Number(r.id),
  xnode: Number(r.xnode),
  ynode: Number(r.ynode),
  relationName: r.relation_name as string,
  customRelation: r.custom_relation === null ? null : Number(r.custom_relation),
  xorder: Number(r.xorder),
  yorder: Number(r.yorder),
  key: r.key as string | null,
  info: r.info as Record<string, unknown>,
  showedSide: r.showed_side as string | null,
  isDeleted: r.is_deleted as boolean,
  createdAt: new Date(r.created_at as string | Date),
});

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Links y under x at the asked place in both lists it joins (x's children, y's owners), ordered safely
 * against concurrent inserts; a duplicate link is a 409.
 */
export async function insertRelation(tx: Tx, input: NewRelation): Promise<RelationRow> {
  const children: OrderedList = { side: "y", node: input.xnode, relationName: input.relationName };
  const owners: OrderedList = { side: "x", node: input.ynode, relationName: input.relationName };
  // A brand-new y has no other owners, so its owner list needs neither a lock nor a lookup.
  await lockLists(tx, input.xorder === undefined ? [children, owners] : [children]);
  const yorder = await orderForInsert(tx, children, input.beforeYnode ?? null);
  const xorder = input.xorder ?? (await orderForInsert(tx, owners, input.beforeXnode ?? null));
  try {
    const rows = await tx
      .insert(dnodeRelation)
      .values({
        xnode: input.xnode,
        ynode: input.ynode,
        relationName: input.relationName,
        customRelation: input.customRelation ?? null,
        key: input.key ?? null,
        info: input.info ?? {},
        showedSide: input.showedSide ?? null,
        xorder,
        yorder,
      })
      .returning();
    const row = oneRow(rows);
    recordChange(tx, {
      kind: "relation_created",
      nodeIds: [input.xnode, input.ynode],
      anchorIds: [],
      relationIds: [row.id],
    });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.relationExists, "RELATION_EXISTS");
    throw error;
  }
}

/** The live link between x and y under the name, if there is one. */
export async function findRelation(
  tx: Tx,
  xnode: number,
  ynode: number,
  relationName: string,
): Promise<RelationRow | undefined> {
  const [row] = await tx
    .select()
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${xnode} and ${dnodeRelation.ynode} = ${ynode}
          and ${dnodeRelation.relationName} = ${relationName} and not ${dnodeRelation.isDeleted}`,
    );
  return row;
}

/** Removes the live link between x and y under the name; true when there was one. */
export async function removeRelation(
  tx: Tx,
  xnode: number,
  ynode: number,
  relationName: string,
): Promise<boolean> {
  const rows = await tx
    .delete(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${xnode} and ${dnodeRelation.ynode} = ${ynode}
          and ${dnodeRelation.relationName} = ${relationName} and not ${dnodeRelation.isDeleted}`,
    )
    .returning({ id: dnodeRelation.id });
  if (rows.length > 0)
    recordChange(tx, {
      kind: "relation_deleted",
      nodeIds: [xnode, ynode],
      anchorIds: [],
      relations: rows.map((r) => ({ id: r.id, xnode, ynode, relation_name: relationName })),
    });
  return rows.length > 0;
}

/** Removes one link by its row. */
export async function deleteRelationRow(
  tx: Tx,
  row: Pick<RelationRow, "id" | "xnode" | "ynode" | "relationName">,
): Promise<void> {
  await tx.delete(dnodeRelation).where(eq(dnodeRelation.id, row.id));
  recordChange(tx, {
    kind: "relation_deleted",
    nodeIds: [row.xnode, row.ynode],
    anchorIds: [],
    relations: [{ id: row.id, xnode: row.xnode, ynode: row.ynode, relation_name: row.relationName }],
  });
}

/** Removes all of x's links under one name (answers the nodes they pointed at). */
export async function deleteRelationsOf(tx: Tx, xnode: number, relationName: string): Promise<number[]> {
  const rows = await tx
    .delete(dnodeRelation)
    .where(sql`${dnodeRelation.xnode} = ${xnode} and ${dnodeRelation.relationName} = ${relationName}`)
    .returning({ id: dnodeRelation.id, ynode: dnodeRelation.ynode });
  if (rows.length > 0)
    recordChange(tx, {
      kind: "relation_deleted",
      nodeIds: [xnode, ...rows.map((r) => r.ynode)],
      anchorIds: [],
      relations: rows.map((r) => ({ id: r.id, xnode, ynode: r.ynode, relation_name: relationName })),
    });
  return rows.map((r) => r.ynode);
}

/** Moves a link within one of its lists: only that list's order column changes (id, key and info stay). */
export async function setRelationOrder(
  tx: Tx,
  id: number,
  side: "x" | "y",
  order: number,
): Promise<RelationRow> {
  const rows = await tx
    .update(dnodeRelation)
    .set(side === "y" ? { yorder: order } : { xorder: order })
    .where(eq(dnodeRelation.id, id))
    .returning();
  // The link may have been deleted by another request since it was read.
  const row = oneRow(rows, () =>
    notFound(MESSAGES.relationNotFound.replace("{id}", String(id)), "RELATION_NOT_FOUND"),
  );
  recordChange(tx, {
    kind: "relation_updated",
    nodeIds: [row.xnode, row.ynode],
    anchorIds: [],
    relationIds: [id],
  });
  return row;
}

/** Sets a link's key and info (a dict entry's key, the facts about the link). */
export async function setRelationKeyInfo(
  tx: Tx,
  row: RelationRow,
  key: string | null,
  info: Record<string, unknown>,
): Promise<void> {
  await tx.update(dnodeRelation).set({ key, info }).where(eq(dnodeRelation.id, row.id));
  row.key = key;
  row.info = info;
  recordChange(tx, {
    kind: "relation_updated",
    nodeIds: [row.xnode, row.ynode],
    anchorIds: [],
    relationIds: [row.id],
  });
}

/** Puts a copy of a link back exactly where it was in both lists (move_and_refer leaves one behind). */
export async function insertRelationCopy(tx: Tx, old: RelationRow): Promise<void> {
  const row = oneRow(
    await tx
      .insert(dnodeRelation)
      .values({ ...old, id: undefined, createdAt: undefined } as never)
      .returning({ id: dnodeRelation.id }),
  );
  recordChange(tx, {
    kind: "relation_created",
    nodeIds: [old.xnode, old.ynode],
    anchorIds: [],
    relationIds: [row.id],
  });
}

/** Copies the links among a clone's nodes onto their copies (the temporary `clone_map` of the clone). */
export async function copyLinksWithinClone(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into dnode_relation (xnode, ynode, relation_name, custom_relation, xorder, yorder, key, info, showed_side)
    select mx.new_id, my.new_id, r.relation_name, r.custom_relation, r.xorder, r.yorder, r.key, r.info, r.showed_side
    from dnode_relation r join clone_map mx on mx.old_id = r.xnode join clone_map my on my.old_id = r.ynode
    where not r.is_deleted`);
}

/**
 * Puts back link rows kept by the recycle bin, with their own ids, where both ends exist again (a link to a
 * node deleted since stays gone). Answers how many came back.
 */
export async function restoreRelationRows(tx: Tx, rows: unknown[]): Promise<number> {
  if (rows.length === 0) return 0;
  const restored = await queryRows<{ id: number; xnode: number; ynode: number }>(
    tx,
    sql`insert into dnode_relation overriding system value
        select r.* from jsonb_populate_recordset(null::dnode_relation, ${JSON.stringify(rows)}::jsonb) r
        where exists (select 1 from dnode x where x.id = r.xnode) and exists (select 1 from dnode y where y.id = r.ynode)
          and not exists (select 1 from dnode_relation e where e.id = r.id)
        returning id, xnode, ynode`,
  );
  if (restored.length > 0)
    recordChange(tx, {
      kind: "relation_created",
      nodeIds: [...new Set(restored.flatMap((r) => [r.xnode, r.ynode]))],
      anchorIds: [],
      relationIds: restored.map((r) => r.id),
    });
  return restored.length;
}
