import {
  type AddRelatedValueBody,
  customPropertyRelationId,
  MESSAGES,
  type RelatedValueType,
} from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dnode, dnodeRelation } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { createNodeInTx } from "../nodes/create";
import { deleteNodesInTx } from "../nodes/delete";
import { linkInverseValue } from "../nodes/properties";
import { lockLists } from "./ordering";
import { deleteRelationRow, insertRelation, type RelationRow, setRelationKeyInfo } from "./relation-rows";

/** The value type when the caller gives none (workspace-spec 3: "inferred from the value"). */
export function inferValueType(value: unknown): RelatedValueType {
  if (typeof value === "number") return "Number";
  if (typeof value === "boolean") return "Boolean";
  if (Array.isArray(value)) return "List";
  if (value !== null && typeof value === "object") return "Dict";
  return "String";
}

// Property kinds that hold one value: a new value replaces the old (workspace-spec 4).
const SINGLE_VALUED = new Set(["ItemProperty", "BoolProperty"]);

/** True when `pv_{id}` names a property whose kind holds a single value. */
async function isSingleValued(tx: Tx, relationName: string): Promise<boolean> {
  const propertyRelationId = customPropertyRelationId(relationName);
  if (propertyRelationId === null) return false;
  const [row] = await tx
    .select({ xtype: sql<string | null>`${dnode.content}->>'xtype'` })
    .from(dnodeRelation)
    .innerJoin(dnode, eq(dnode.id, dnodeRelation.ynode))
    .where(eq(dnodeRelation.id, propertyRelationId));
  return row?.xtype ? SINGLE_VALUED.has(row.xtype) : false;
}

/** Drops x's current values under the relation: value nodes placed there go, links to other nodes are cut. */
async function clearValues(tx: Tx, userId: number, x: number, relationName: string): Promise<void> {
  const rows = await tx
    .select({
      id: dnodeRelation.id,
      ynode: dnodeRelation.ynode,
      parentId: dnode.parentId,
      mainRelation: dnode.mainRelation,
    })
    .from(dnodeRelation)
    .innerJoin(dnode, eq(dnode.id, dnodeRelation.ynode))
    .where(
      sql`${dnodeRelation.xnode} = ${x} and ${dnodeRelation.relationName} = ${relationName} and not ${dnodeRelation.isDeleted}`,
    );
  const owned = rows.filter((r) => r.parentId === x && r.mainRelation === relationName).map((r) => r.ynode);
  if (owned.length) await deleteNodesInTx(tx, userId, owned);
  for (const r of rows.filter((r) => !owned.includes(r.ynode)))
    await deleteRelationRow(tx, { id: r.id, xnode: x, ynode: r.ynode, relationName });
}

const valueName = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/**
 * POST /api/dnode/add_related_value: gives x a value under the relation — an existing node (Dnode), a new
 * node named by the value (NewDnode), or a value node (PVALUE, LIST, DICT) holding it.
 */
export async function addRelatedValue(
  db: Db,
  userId: number,
  body: AddRelatedValueBody,
): Promise<{ relation: RelationRow; nodeId: number }> {
  return writeTransaction(db, userId, async (tx) => {
    const x = await requireNode(tx, userId, body.dnode_id, "write");
    const { value, info, custom_prefix, property_id } = body.related_value;
    const type = body.related_value.type ?? inferValueType(value);
    if (await isSingleValued(tx, body.relation_name)) await clearValues(tx, userId, x.id, body.relation_name);
    const place = { xnode: x.id, relationName: body.relation_name, beforeYnode: body.before_node_id ?? null };
    if (type === "Dnode") {
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1) throw badRequest(MESSAGES.chooseNode);
      // The link and its inverse touch four lists: locked together, in the global order, up front, so
      // two values set in opposite directions at once serialise instead of deadlocking.
      await lockLists(tx, [
        { side: "y", node: x.id },
        { side: "x", node: id },
        { side: "y", node: id },
        { side: "x", node: x.id },
      ]);
      const y = await requireNode(tx, userId, id, "read");
      const relation = await insertRelation(tx, {
        ...place,
        ynode: y.id,
        key: body.key,
        info,
        customRelation: body.custom_relation_id,
      });
      await linkInverseValue(tx, userId, x.id, y.id, body.relation_name);
      return { relation, nodeId: y.id };
    }
    if (type === "NewDnode") {
      const name = valueName(value).trim();
      if (!name) throw badRequest(MESSAGES.nameRequired);
      const content = custom_prefix ? { custom_prefix } : {};
      const { nodeId, relation } = await createNodeInTx(tx, userId, {
        type: "NOTE",
        name,
        content,
        location_id: x.id,
        relation_name: body.relation_name,
        next_id: body.before_node_id,
        custom_relation_id: body.custom_relation_id,
      });
      await keyAndInfo(tx, relation, body.key, info);
      return { relation, nodeId };
    }
    const nodeType = type === "List" ? "LIST" : type === "Dict" ? "DICT" : "PVALUE";
    const { nodeId, relation } = await createNodeInTx(tx, userId, {
      type: nodeType,
      name: valueName(value).slice(0, 2000),
      content: { value, value_type: type, ...(property_id ? { property_id } : {}) },
      location_id: x.id,
      relation_name: body.relation_name,
      next_id: body.before_node_id,
      custom_relation_id: body.custom_relation_id,
    });
    await keyAndInfo(tx, relation, body.key, info);
    return { relation, nodeId };
  });
}

async function keyAndInfo(
  tx: Tx,
  relation: RelationRow,
  key?: string | null,
  info?: Record<string, unknown>,
) {
  if (!key && !info) return;
  await setRelationKeyInfo(tx, relation, key ?? null, info ?? {});
}
