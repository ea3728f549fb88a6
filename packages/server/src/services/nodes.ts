import { type CreateDnodeBody, MESSAGES, type UpdateDnodeBody } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client";
import { dnode, dnodeVersion, users } from "../db/schema";
import { badRequest } from "../errors";
import { requireNode } from "./node-read";
import { afterPropertyChange } from "./properties";
import { idList } from "./relation-summary";
import { insertRelation, type RelationRow } from "./relations-write";
import { sanitizeContent } from "./sanitize";
import { searchVectorSql } from "./search-vector";

const USER_ROOT_ONLY = "用户根节点只能在注册时创建";
// Only concepts and classes can be properties, so only their writes run the property rules.
const PROPERTY_TYPES: ReadonlySet<string> = new Set(["CONCEPT", "CLASS"]);

/** The caller's USER root node id. */
export async function userRootId(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ root: users.rootNodeId }).from(users).where(eq(users.id, userId));
  if (!row?.root) throw badRequest("无法获取用户根节点");
  return row.root;
}

/** The relation a new node hangs by when the caller names none: USER_ROOT under a user root, else CHILD_NODE. */
function defaultRelation(locationType: string, customRelationId: number | null | undefined): string {
  if (customRelationId) return `pv_${customRelationId}`;
  return locationType === "USER" ? "USER_ROOT" : "CHILD_NODE";
}

/**
 * POST /api/dnode/create/: a node under `location_id` (default: the caller's root), before `next_id` or
 * last. A node hung under a user root starts a tree of its own (it is its own anchor); any other node
 * joins its location's tree, which keeps its owner.
 */
export async function createNode(
  db: Db,
  userId: number,
  body: CreateDnodeBody,
): Promise<{ nodeId: number; relation: RelationRow }> {
  return db.transaction((tx) => createNodeInTx(tx, userId, body));
}

/** createNode inside a transaction the caller holds. */
export async function createNodeInTx(
  tx: Tx,
  userId: number,
  body: CreateDnodeBody,
): Promise<{ nodeId: number; relation: RelationRow }> {
  if (body.type === "USER") throw badRequest(USER_ROOT_ONLY);
  {
    const locationId = body.location_id ?? (await userRootId(tx, userId));
    const location = await requireNode(tx, userId, locationId, "write");
    const relationName = body.relation_name ?? defaultRelation(location.type, body.custom_relation_id);
    const content = sanitizeContent(body.content);
    const startsTree = location.type === "USER";
    const [created] = await tx
      .insert(dnode)
      .values({
        name: body.name,
        type: body.type,
        content,
        parentId: location.id,
        mainRelation: relationName,
        ownerId: location.ownerId,
        creatorId: userId,
        anchorId: startsTree ? null : location.anchorId,
        searchVector: searchVectorSql(body.name, content) as unknown as string,
      })
      .returning({ id: dnode.id });
    if (startsTree) await tx.update(dnode).set({ anchorId: created.id }).where(eq(dnode.id, created.id));
    const relation = await insertRelation(tx, {
      xnode: location.id,
      ynode: created.id,
      relationName,
      beforeYnode: body.next_id ?? null,
      customRelation: body.custom_relation_id ?? null,
      xorder: 1,
    });
    if (PROPERTY_TYPES.has(body.type)) await afterPropertyChange(tx, userId, created.id);
    return { nodeId: created.id, relation };
  }
}

/** Content after a partial update: keys merge, a null value removes its key. */
function mergeContent(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * POST /api/dnode/{id}/update: changes the given fields, keeps the previous version in dnode_version and
 * bumps `version`. The row is locked first, so concurrent updates never lose one another's keys.
 */
export async function updateNode(db: Db, userId: number, id: number, body: UpdateDnodeBody): Promise<void> {
  await db.transaction((tx) => updateNodeInTx(tx, userId, id, body));
}

/** updateNode inside a transaction the caller holds. */
export async function updateNodeInTx(
  tx: Tx,
  userId: number,
  id: number,
  body: UpdateDnodeBody,
): Promise<void> {
  {
    await tx.execute(sql`select id from dnode where id = ${id} for update`);
    const node = await requireNode(tx, userId, id, "write");
    if (body.type && (body.type === "USER") !== (node.type === "USER")) throw badRequest(USER_ROOT_ONLY);
    const name = body.name ?? node.name;
    const type = body.type ?? node.type;
    const content = body.content ? sanitizeContent(mergeContent(node.content, body.content)) : node.content;
    const finishedAt =
      body.finished_at === undefined ? node.finishedAt : body.finished_at ? new Date(body.finished_at) : null;
    // An edit that changes nothing (a blur without typing) keeps the version (workspace-spec 5).
    const unchanged =
      name === node.name &&
      type === node.type &&
      JSON.stringify(content) === JSON.stringify(node.content) &&
      finishedAt?.getTime() === node.finishedAt?.getTime();
    if (unchanged) return;
    await tx.insert(dnodeVersion).values({
      dnodeId: id,
      version: node.version,
      name: node.name,
      type: node.type,
      content: node.content,
      editorId: userId,
    });
    await tx
      .update(dnode)
      .set({
        name,
        type,
        content,
        finishedAt,
        version: node.version + 1,
        updatedAt: new Date(),
        searchVector: searchVectorSql(name, content) as unknown as string,
      })
      .where(eq(dnode.id, id));
    if (body.content && PROPERTY_TYPES.has(type)) await afterPropertyChange(tx, userId, id);
  }
}

/** SQL selecting the ids of the main-tree subtrees under the roots, roots included. */
const subtreeOf = (roots: number[]) => sql`with recursive sub(id) as (
    select id from dnode where id in ${idList(roots)}
    union
    select d.id from dnode d join sub on d.parent_id = sub.id)
  select id from sub`;

// Reference chains deeper than this are not followed further (a guard, not a limit anyone meets).
const MAX_REFERENCE_ROUNDS = 20;

/**
 * POST /api/dnode/delete_batch: deletes each node with its main-tree subtree, and every REF node that
 * points into a deleted subtree (with its own subtree). Needs write on each named node; a user root is
 * refused. Returns the deleted ids.
 */
export async function deleteNodes(db: Db, userId: number, ids: number[]): Promise<number[]> {
  return db.transaction((tx) => deleteNodesInTx(tx, userId, ids));
}

/** deleteNodes inside a transaction the caller holds. */
export async function deleteNodesInTx(tx: Tx, userId: number, ids: number[]): Promise<number[]> {
  for (const id of ids) {
    const node = await requireNode(tx, userId, id, "write");
    if (node.type === "USER") throw badRequest(MESSAGES.cannotDeleteUserRoot);
  }
  const roots = new Set(ids);
  for (let round = 0; round < MAX_REFERENCE_ROUNDS; round++) {
    const refs = await queryRows<{ id: number }>(
      tx,
      sql`select id from dnode where type = 'REF'
          and (content->>'ref_id') in (select id::text from (${subtreeOf([...roots])}) s)`,
    );
    const fresh = refs.map((r) => r.id).filter((id) => !roots.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) roots.add(id);
  }
  const deleted = await queryRows<{ id: number }>(
    tx,
    sql`delete from dnode where id in (${subtreeOf([...roots])}) returning id`,
  );
  return deleted.map((r) => r.id);
}
