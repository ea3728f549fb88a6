import { MAX_CONTENT_BYTES, MESSAGES, MIN_ORDER_GAP } from "@zhishu/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import type { DnodeRow } from "../../db/node-rows";
import { dnode } from "../../db/schema";
import { AppError } from "../../errors";
import { currentOrigin } from "../events/origin";
import { recordChange } from "../events/write-transaction";
import { type RelationRow, relationFromSql } from "../graph/relation-rows";
import { searchLexemesOf, searchVectorSql } from "../search/vector";
import { sanitizeContent } from "./sanitize";

/**
 * The one writer of node rows (DESIGN.md "Layout"). Every insert, update, move and delete of a dnode row
 * goes through here, so each one is sanitised, keeps its search vector, keeps its version history where
 * it is an edit, and is recorded for the live-update channel in its own transaction
 * (events/write-transaction.ts). A test fails when code elsewhere writes the node table.
 */

/** A node to insert. `anchorId: "self"` starts a tree of its own (a node under a user root, a user root). */
export interface NewNodeRow {
  name: string;
  type: string;
  content?: Record<string, unknown>;
  parentId: number | null;
  mainRelation: string | null;
  ownerId: number;
  creatorId: number;
  anchorId: number | null | "self";
  srcId?: number | null;
  srcVersion?: number | null;
  finishedAt?: Date | null;
}

/** Content within the size limit (256 KiB of JSON) on every write path, whatever the request looked like. */
function assertContentSize(content: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(content)) > MAX_CONTENT_BYTES)
    throw new AppError(413, "CONTENT_TOO_LARGE", MESSAGES.contentTooLarge);
}

/** Inserts one node (content sanitised, search vector filled); answers its id. */
export async function insertNodeRow(tx: Tx, values: NewNodeRow): Promise<number> {
  const content = sanitizeContent(values.content ?? {});
  assertContentSize(content);
  const [created] = await tx
    .insert(dnode)
    .values({
      name: values.name,
      type: values.type,
      content,
      parentId: values.parentId,
      mainRelation: values.mainRelation,
      ownerId: values.ownerId,
      creatorId: values.creatorId,
      anchorId: values.anchorId === "self" ? null : values.anchorId,
      srcId: values.srcId ?? null,
      srcVersion: values.srcVersion ?? null,
      finishedAt: values.finishedAt ?? null,
      searchVector: searchVectorSql(values.name, content) as unknown as string,
    })
    .returning({ id: dnode.id });
  const id = created!.id;
  if (values.anchorId === "self") await tx.update(dnode).set({ anchorId: id }).where(eq(dnode.id, id));
  const anchor = values.anchorId === "self" ? id : values.anchorId;
  recordChange(tx, { kind: "node_created", nodeIds: [id], anchorIds: anchor === null ? [] : [anchor] });
  return id;
}

type PlacedNode = { relation: RelationRow; anchorId: number | null };

/** A node to place under a location in one statement (`insertNodeInOneStatement`). */
export interface NodeAtPlace {
  userId: number;
  locationId: number;
  relationName: string;
  customRelation: number | null;
  nextId: number | null;
  name: string;
  type: string;
  content?: Record<string, unknown>;
  idempotencyKey: string | null;
  /** The caller's first-pass rank on the location, as SQL over its owner and anchor columns. */
  rank: (owner: SQL, anchor: SQL) => SQL;
}

/**
 * The common creation (a node under a node, by a caller whose first pass already allows writing) as one
 * autocommit statement: the location's row and the caller's rank on it are read, then migration 0017's
 * `zhishu_create_node` does what createNode's transaction does (key claim, list lock, place, node, link,
 * event row). Answers the new link and its tree (the location's), or null when the general path must run:
 * not allowed by the first pass, a user root, a key used before, a place that needs respreading or is refused.
 */
export async function insertNodeInOneStatement(db: Db, node: NodeAtPlace): Promise<PlacedNode | null> {
  const content = sanitizeContent(node.content ?? {});
  assertContentSize(content);
  const owner = sql`l.owner_id`;
  const anchor = sql`l.anchor_id`;
  try {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select r.*, s.anchor_id as zs_anchor_id from (select l.id, l.type, l.owner_id, l.anchor_id, ${node.rank(owner, anchor)} as rank
          from dnode l where l.id = ${node.locationId} offset 0) s
        cross join lateral zhishu_create_node(${node.userId}::int, s.rank::int, s.type, s.id, s.owner_id,
          s.anchor_id, ${node.relationName}::text, ${node.customRelation}::int, ${node.nextId}::int,
          ${node.name}::text, ${node.type}::text, ${JSON.stringify(content)}::jsonb,
          array(select jsonb_array_elements_text(${JSON.stringify(searchLexemesOf(node.name, content))}::jsonb)),
          ${node.idempotencyKey}::text, ${currentOrigin()}::text, ${MIN_ORDER_GAP}::float8) r`,
    );
    const anchorId = row?.zs_anchor_id == null ? null : Number(row.zs_anchor_id);
    return row ? { relation: relationFromSql(row), anchorId } : null;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    // ZS001: the place needs the general path; 40P01: a deadlock, which the general path retries.
    if (["ZS001", "40P01"].includes(e?.code ?? e?.cause?.code ?? "")) return null;
    throw error;
  }
}

/** The editable fields of a node; content here is the whole new content, not a patch. */
export interface NodeFields {
  name?: string;
  type?: string;
  content?: Record<string, unknown>;
  finishedAt?: Date | null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What an edit reads of the node row it changes. */
export type EditedRow = Pick<
  DnodeRow,
  "id" | "name" | "type" | "content" | "version" | "finishedAt" | "anchorId"
>;

/**
 * An edit: the node's previous name, type and content go to its history (dnode_version), its version goes
 * up, its search vector follows. The caller holds the row lock. Answers the fields that changed (none: no
 * write, no new version, as an edit that changes nothing must not; workspace-spec 5).
 */
export async function updateNodeRow(
  tx: Tx,
  node: EditedRow,
  fields: NodeFields,
  editorId: number | null,
): Promise<string[]> {
  const [changed = []] = await updateNodeRows(tx, [{ node, fields }], editorId);
  return changed;
}

/**
 * Several edits as `updateNodeRow` makes them, written in one statement (the history rows and the node
 * rows together), so an action that changes a handful of nodes (a process start pauses a sibling) costs
 * one round trip. The caller holds the row locks. Answers the changed fields of each edit, in order.
 */
export async function updateNodeRows(
  tx: Tx,
  edits: { node: EditedRow; fields: NodeFields }[],
  editorId: number | null,
): Promise<string[][]> {
  const planned = edits.map(({ node, fields }) => {
    const name = fields.name ?? node.name;
    const type = fields.type ?? node.type;
    const content = fields.content ? sanitizeContent(fields.content) : node.content;
    const finishedAt = fields.finishedAt === undefined ? node.finishedAt : fields.finishedAt;
    const changed = [
      name !== node.name && "name",
      type !== node.type && "type",
      !sameJson(content, node.content) && "content",
      finishedAt?.getTime() !== node.finishedAt?.getTime() && "finished_at",
    ].filter((field): field is string => field !== false);
    return { node, name, type, content, finishedAt, changed };
  });
  const writes = planned.filter((edit) => edit.changed.length > 0);
  if (writes.length === 0) return planned.map((edit) => edit.changed);
  for (const edit of writes) if (edit.changed.includes("content")) assertContentSize(edit.content);
  const history = writes.map(
    ({ node }) => sql`(${node.id}::int, ${node.version}::int, ${node.name}::text, ${node.type}::text,
      ${JSON.stringify(node.content)}::jsonb, ${editorId}::int)`,
  );
  const rows = writes.map(
    (edit) => sql`(${edit.node.id}::int, ${edit.name}::text, ${edit.type}::text,
      ${JSON.stringify(edit.content)}::jsonb, ${edit.finishedAt?.toISOString() ?? null}::timestamptz,
      ${edit.node.version + 1}::int, ${searchVectorSql(edit.name, edit.content)})`,
  );
  // A data-modifying WITH runs whether or not the outer statement reads it.
  await tx.execute(sql`with history as (
      insert into dnode_version (dnode_id, version, name, type, content, editor_id) values ${sql.join(history, sql`, `)})
    update dnode d set name = v.name, type = v.type, content = v.content, finished_at = v.finished_at,
      version = v.version, updated_at = ${new Date().toISOString()}::timestamptz, search_vector = v.search_vector
    from (values ${sql.join(rows, sql`, `)}) as v(id, name, type, content, finished_at, version, search_vector)
    where d.id = v.id`);
  for (const { node, changed } of writes)
    recordChange(tx, {
      kind: "node_updated",
      nodeIds: [node.id],
      anchorIds: anchorsOf(node),
      fields: changed,
    });
  return planned.map((edit) => edit.changed);
}

const anchorsOf = (node: { anchorId: number | null }) => (node.anchorId === null ? [] : [node.anchorId]);

/** Gives the node a new main place (its parent and the relation it hangs by there). */
export async function setMainPlace(
  tx: Tx,
  node: { id: number; anchorId: number | null; parentId: number | null },
  parentId: number,
  mainRelation: string,
): Promise<void> {
  await tx.update(dnode).set({ parentId, mainRelation, updatedAt: new Date() }).where(eq(dnode.id, node.id));
  recordChange(tx, {
    kind: "node_moved",
    nodeIds: [node.id, ...(node.parentId === null ? [] : [node.parentId]), parentId],
    anchorIds: anchorsOf(node),
  });
}

/** SQL selecting the ids of the main-tree subtree under `rootId`, root included. */
export const subtreeIdsSql = (rootId: number): SQL =>
  sql`with recursive sub(id) as (select ${rootId}::int union select d.id from dnode d join sub on d.parent_id = sub.id)
      select id from sub`;

/** Gives a subtree a new tree (anchor) and owner: a moved subtree belongs to its new tree. */
export async function reanchorSubtree(
  tx: Tx,
  root: { id: number; anchorId: number | null },
  anchorId: number,
  ownerId: number,
): Promise<void> {
  await tx.execute(sql`update dnode set anchor_id = ${anchorId}, owner_id = ${ownerId}
      where id in (${subtreeIdsSql(root.id)})`);
  recordChange(tx, { kind: "node_moved", nodeIds: [root.id], anchorIds: [...anchorsOf(root), anchorId] });
}

/**
 * Hands one node (not its subtree) to a new owner: a dialogue whose creator left its group passes to the
 * group's owner, while every message in it stays its sender's.
 */
export async function setNodeOwner(
  tx: Tx,
  node: { id: number; anchorId: number | null },
  ownerId: number,
): Promise<void> {
  await tx.execute(sql`update dnode set owner_id = ${ownerId} where id = ${node.id}`);
  recordChange(tx, {
    kind: "node_updated",
    nodeIds: [node.id],
    anchorIds: anchorsOf(node),
    fields: ["owner"],
  });
}

/**
 * Copies the main-tree subtree of `sourceId` as new nodes in one statement, whatever its size: each copy
 * remembers its source (src_id, src_version) and keeps its parent inside the copy. Fills the temporary
 * table `clone_map (old_id, new_id)` for the caller to copy links with, and answers the copy of the root,
 * which is left without a parent for the caller to place.
 */
export async function insertSubtreeCopy(
  tx: Tx,
  sourceId: number,
  copy: { ownerId: number; creatorId: number; anchorId: number | "self" },
): Promise<number> {
  await tx.execute(
    sql`create temp table if not exists clone_map (old_id int primary key, new_id int not null) on commit drop`,
  );
  await tx.execute(sql`delete from clone_map`);
  const anchor = copy.anchorId === "self" ? null : copy.anchorId;
  await tx.execute(sql`
    with copies as (
      insert into dnode (name, type, content, main_relation, owner_id, creator_id, src_id, src_version, anchor_id, finished_at, search_vector)
      select d.name, d.type, d.content, d.main_relation, ${copy.ownerId}, ${copy.creatorId}, d.id, d.version,
             ${anchor}, d.finished_at, d.search_vector
      from dnode d where d.id in (${subtreeIdsSql(sourceId)})
      returning id, src_id)
    insert into clone_map (old_id, new_id) select src_id, id from copies`);
  await tx.execute(sql`
    update dnode c set parent_id = mp.new_id
    from clone_map m join dnode o on o.id = m.old_id join clone_map mp on mp.old_id = o.parent_id
    where c.id = m.new_id and m.old_id <> ${sourceId}`);
  const [root] = await queryRows<{ new_id: number }>(
    tx,
    sql`select new_id from clone_map where old_id = ${sourceId}`,
  );
  const rootId = root!.new_id;
  if (copy.anchorId === "self") {
    await tx.execute(sql`update dnode set anchor_id = ${rootId} where id in (select new_id from clone_map)`);
  }
  recordChange(tx, { kind: "node_created", nodeIds: [rootId], anchorIds: [anchor ?? rootId] });
  return rootId;
}

/** Deletes these node rows (their links, versions, grants and shares go by cascade); answers the ids deleted. */
export async function deleteNodeRows(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const deleted = await queryRows<{
    id: number;
    anchor_id: number | null;
    parent_id: number | null;
    main_relation: string | null;
  }>(
    tx,
    sql`delete from dnode where id = any(${`{${ids.join(",")}}`}::int[])
        returning id, anchor_id, parent_id, main_relation`,
  );
  const gone = new Set(deleted.map((row) => row.id));
  recordChange(tx, {
    kind: "node_deleted",
    nodeIds: [...gone],
    anchorIds: [...new Set(deleted.map((row) => row.anchor_id).filter((id) => id !== null))] as number[],
    // The main links into parents that stay: those lists lose a row.
    relations: deleted
      .filter((row) => row.parent_id !== null && row.main_relation !== null && !gone.has(row.parent_id))
      .map((row) => ({ id: null, xnode: row.parent_id!, ynode: row.id, relation_name: row.main_relation! })),
  });
  return deleted.map((row) => row.id);
}

/**
 * Puts back node rows kept by the recycle bin, with their own ids (the rows as `to_jsonb(dnode)` wrote
 * them). Answers the ids restored; ids taken again in the meantime are skipped.
 */
export async function restoreNodeRows(tx: Tx, rows: unknown[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const restored = await queryRows<{ id: number; anchor_id: number | null; parent_id: number | null }>(
    tx,
    sql`insert into dnode overriding system value
        select r.* from jsonb_populate_recordset(null::dnode, ${JSON.stringify(rows)}::jsonb) r
        where not exists (select 1 from dnode d where d.id = r.id)
        returning id, anchor_id, parent_id`,
  );
  recordChange(tx, {
    kind: "node_created",
    nodeIds: restored.flatMap((row) => [row.id, ...(row.parent_id === null ? [] : [row.parent_id])]),
    anchorIds: [...new Set(restored.map((row) => row.anchor_id).filter((id) => id !== null))] as number[],
  });
  return restored.map((row) => row.id);
}
