import { MESSAGES } from "@zhishu/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { dnodeRelation } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { rightsOnIds } from "../../policies/node";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { deleteNodesInTx } from "../nodes/delete";
import { defaultRelationUnder, isInSubtree } from "./main-place";
import { deleteRelationRow, insertRelation, type RelationRow } from "./relation-rows";

const relationNotFound = (id: number) =>
  notFound(MESSAGES.relationNotFound.replace("{id}", String(id)), "RELATION_NOT_FOUND");

/** POST /api/dnode_relation/create/: links y under x (write on x, read on y); no loops. */
export async function createRelation(
  db: Db,
  userId: number,
  input: {
    x: number;
    y: number;
    name?: string;
    customRelation?: number | null;
    showedSide?: string | null;
    before?: number | null;
  },
): Promise<RelationRow> {
  return writeTransaction(db, userId, async (tx) => {
    const x = await requireNode(tx, userId, input.x, "write");
    const y = await requireNode(tx, userId, input.y, "read");
    const name =
      input.name ?? (input.customRelation ? `pv_${input.customRelation}` : defaultRelationUnder(x));
    if (y.type === "USER") throw badRequest(MESSAGES.userRootCannotBeReferred);
    if (await isInSubtree(tx, x.id, y.id)) throw badRequest(MESSAGES.moveIntoOwnSubtree);
    return insertRelation(tx, {
      xnode: x.id,
      ynode: y.id,
      relationName: name,
      customRelation: input.customRelation ?? null,
      showedSide: input.showedSide ?? null,
      beforeYnode: input.before ?? null,
    });
  });
}

/** The relation row by id if the caller may read its x side; 404 in the spec's words otherwise missing. */
export async function getRelation(db: Db | Tx, userId: number, id: number): Promise<RelationRow> {
  const [row] = await db.select().from(dnodeRelation).where(eq(dnodeRelation.id, id));
  if (!row || row.isDeleted) throw relationNotFound(id);
  await requireNode(db, userId, row.xnode, "read");
  return row;
}

/**
 * Removes one link. When it is the y node's main place the node goes with it (with its subtree), as
 * clearing a row in an outliner does; otherwise only the link goes. Write on x (and on y to delete it).
 */
async function unlinkRow(tx: Tx, userId: number, row: RelationRow): Promise<{ deletedIds: number[] }> {
  await requireNode(tx, userId, row.xnode, "write");
  const y = await requireNode(tx, userId, row.ynode, "read");
  if (y.parentId === row.xnode && y.mainRelation === row.relationName) {
    return { deletedIds: (await deleteNodesInTx(tx, userId, [y.id])).deletedIds };
  }
  await deleteRelationRow(tx, row);
  return { deletedIds: [] };
}

/** DELETE /api/dnode_relation/{id}/ */
export async function deleteRelationById(db: Db, userId: number, id: number) {
  return writeTransaction(db, userId, async (tx) => unlinkRow(tx, userId, await getRelation(tx, userId, id)));
}

/** POST /api/dnode/{id}/remove-relation/ */
export async function removeRelationByNodes(db: Db, userId: number, x: number, y: number, name: string) {
  return writeTransaction(db, userId, async (tx) => {
    await requireNode(tx, userId, x, "read");
    const [row] = await tx
      .select()
      .from(dnodeRelation)
      .where(
        sql`${dnodeRelation.xnode} = ${x} and ${dnodeRelation.ynode} = ${y} and ${dnodeRelation.relationName} = ${name}
            and not ${dnodeRelation.isDeleted}`,
      );
    if (!row) throw notFound(MESSAGES.notFound, "RELATION_NOT_FOUND");
    return unlinkRow(tx, userId, row);
  });
}

/** The live relation between x and y under the name, if the caller may read x; else 404. */
export async function relationBetween(
  db: Db,
  userId: number,
  x: number,
  y: number,
  name: string,
): Promise<RelationRow> {
  await requireNode(db, userId, x, "read");
  const [row] = await db
    .select()
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${x} and ${dnodeRelation.ynode} = ${y} and ${dnodeRelation.relationName} = ${name}
          and not ${dnodeRelation.isDeleted}`,
    );
  if (!row) throw notFound(MESSAGES.notFound, "RELATION_NOT_FOUND");
  return row;
}

/** GET /api/dnode_relation/get_relation_node/: the first y under x by the relation; 404 when there is none. */
export async function firstRelatedNodeId(db: Db, userId: number, x: number, name: string): Promise<number> {
  await requireNode(db, userId, x, "read");
  const [row] = await db
    .select({ ynode: dnodeRelation.ynode })
    .from(dnodeRelation)
    .where(
      sql`${dnodeRelation.xnode} = ${x} and ${dnodeRelation.relationName} = ${name} and not ${dnodeRelation.isDeleted}`,
    )
    .orderBy(dnodeRelation.yorder, dnodeRelation.id)
    .limit(1);
  if (!row) throw notFound(MESSAGES.notFound, "RELATION_NOT_FOUND");
  return row.ynode;
}

/** GET /api/dnode_relation/get_by_ids/: the relations whose x side the caller may read, in the order asked. */
export async function relationsByIds(db: Db, userId: number, ids: number[]): Promise<RelationRow[]> {
  const rows = await db.select().from(dnodeRelation).where(inArray(dnodeRelation.id, ids));
  const rights = await rightsOnIds(db, userId, [...new Set(rows.map((r) => r.xnode))]);
  const readable = new Set([...rights].filter(([, r]) => r.read).map(([id]) => id));
  const byId = new Map(rows.filter((r) => readable.has(r.xnode) && !r.isDeleted).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}
