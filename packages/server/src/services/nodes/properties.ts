import { customPropertyRelationId, MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { dnodeRelation } from "../../db/schema";
import { rightsOn } from "../../policies/node";
import { loadNodeRow } from "../../policies/node-access";
import { deleteRelationsOf, insertRelation } from "../graph/relation-rows";
import { insertNodeRow, updateNodeRow } from "./write";

// Only concepts and classes can be properties, so only their writes run the property rules.
export const PROPERTY_TYPES: ReadonlySet<string> = new Set(["CONCEPT", "CLASS"]);

/**
 * Rules that follow a change to a property node (workspace-spec 3 and 4): a domaintype other than
 * concept drops the PROPERTY_DOMAIN links; auto_create_inverse makes the inverse property once.
 */
export async function afterPropertyChange(tx: Tx, userId: number, nodeId: number): Promise<void> {
  const node = await loadNodeRow(tx, nodeId);
  if (!node || (node.type !== "CONCEPT" && node.type !== "CLASS")) return;
  const domaintype = node.content.domaintype;
  if (typeof domaintype === "string" && domaintype !== "concept") {
    await deleteRelationsOf(tx, nodeId, "PROPERTY_DOMAIN");
  }
  if (node.content.auto_create_inverse === true && !node.content.inverse_property_id) {
    await createInverseProperty(tx, userId, node);
  }
}

/** Makes the inverse of a property: under its domain concept when it has one, else beside it. */
async function createInverseProperty(
  tx: Tx,
  userId: number,
  property: NonNullable<Awaited<ReturnType<typeof loadNodeRow>>>,
) {
  const [domain] = await queryRows<{ ynode: number }>(
    tx,
    sql`select ynode from dnode_relation where xnode = ${property.id} and relation_name = 'PROPERTY_DOMAIN' and not is_deleted
        order by yorder limit 1`,
  );
  const home = domain
    ? await loadNodeRow(tx, domain.ynode)
    : property.parentId
      ? await loadNodeRow(tx, property.parentId)
      : undefined;
  if (!home || !(await rightsOn(tx, userId, home.id)).write) return;
  const inverseId = await insertNodeRow(tx, {
    name: MESSAGES.inversePropertyName.replace("{name}", property.name),
    type: property.type,
    content: { xtype: "ListProperty", inverse_property_id: property.id },
    parentId: home.id,
    mainRelation: "PROPERTY",
    ownerId: home.ownerId,
    creatorId: userId,
    anchorId: home.anchorId ?? home.id,
  });
  await insertRelation(tx, { xnode: home.id, ynode: inverseId, relationName: "PROPERTY" });
  await insertRelation(tx, { xnode: property.id, ynode: inverseId, relationName: "INVERSE_PROPERTY" });
  // An edit like any other: the property's previous content goes to its history.
  await updateNodeRow(
    tx,
    property,
    { content: { ...property.content, inverse_property_id: inverseId } },
    userId,
  );
}

/**
 * When x gets node y as a value of property P and P has an inverse P', y gets x as a value of P' too
 * (if the caller may write y and the link is not there yet).
 */
export async function linkInverseValue(
  tx: Tx,
  userId: number,
  x: number,
  y: number,
  relationName: string,
): Promise<void> {
  const propertyRelationId = customPropertyRelationId(relationName);
  if (propertyRelationId === null) return;
  const [row] = await queryRows<{ inverse: string | null }>(
    tx,
    sql`select d.content->>'inverse_property_id' as inverse from dnode_relation r join dnode d on d.id = r.ynode
        where r.id = ${propertyRelationId}`,
  );
  if (!row?.inverse || !/^\d{1,9}$/.test(row.inverse)) return;
  const [inverseRelation] = await tx
    .select({ id: dnodeRelation.id })
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.ynode} = ${Number(row.inverse)} and ${dnodeRelation.relationName} = 'PROPERTY' and not ${dnodeRelation.isDeleted}`,
    )
    .orderBy(dnodeRelation.id)
    .limit(1);
  const target = await loadNodeRow(tx, y);
  if (!inverseRelation || !target || !(await rightsOn(tx, userId, target.id)).write) return;
  const inverseName = `pv_${inverseRelation.id}`;
  const [exists] = await tx
    .select({ id: dnodeRelation.id })
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${y} and ${dnodeRelation.ynode} = ${x} and ${dnodeRelation.relationName} = ${inverseName}`,
    );
  if (!exists) await insertRelation(tx, { xnode: y, ynode: x, relationName: inverseName });
}
