import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnodeRelation } from "../../db/schema";
import { conflict } from "../../errors";
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
    return oneRow(rows);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.relationExists, "RELATION_EXISTS");
    throw error;
  }
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
  return rows.length > 0;
}
