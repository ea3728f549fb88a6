import { MESSAGES } from "@zhishu/shared";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { dnode } from "../db/schema";
import { forbidden, notFound } from "../errors";

/** What the caller may do with one node; sent with every node so the client gates its buttons on it. */
export interface NodeRights {
  read: boolean;
  write: boolean;
  admin: boolean;
}

export type Level = keyof NodeRights;

const NONE: NodeRights = { read: false, write: false, admin: false };
const ALL: NodeRights = { read: true, write: true, admin: true };

/** The facts about a node that decide rights; callers that already hold the row pass it in. */
export interface NodeAccessFacts {
  id: number;
  ownerId: number;
}

/**
 * The rule, declared once: the owner of a tree has every right in it; nobody else has any.
 * (Grants, shares and publishing extend this rule in the sharing issue, here and nowhere else.)
 */
export function rightsFor(userId: number | null, node: NodeAccessFacts): NodeRights {
  if (userId === null) return NONE;
  return node.ownerId === userId ? ALL : NONE;
}

/** Rights on many nodes at once, in one query: id -> rights; missing ids are absent from the map. */
export async function rightsOnIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<Map<number, NodeRights>> {
  const result = new Map<number, NodeRights>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: dnode.id, ownerId: dnode.ownerId })
    .from(dnode)
    .where(inArray(dnode.id, ids));
  for (const row of rows) result.set(row.id, rightsFor(userId, row));
  return result;
}

/** Throws 404 when the node is missing and 403 when the caller lacks the level; otherwise returns the rights. */
export function authorize(
  userId: number | null,
  node: NodeAccessFacts | undefined,
  level: Level,
): NodeRights {
  if (!node) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  const rights = rightsFor(userId, node);
  if (!rights[level]) {
    throw level === "read" ? forbidden(MESSAGES.nodeForbidden) : forbidden(MESSAGES.nodeWriteForbidden);
  }
  return rights;
}

/**
 * The same rule as `rightsFor(...).read`, as a SQL condition on `dnode`, so list and search queries
 * filter in the database instead of loading rows they must then hide.
 */
export function readableSql(userId: number): SQL {
  return sql`${dnode.ownerId} = ${userId}`;
}
