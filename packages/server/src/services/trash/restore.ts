import { MESSAGES, type TrashRestoreBody, type TrashRestoreResponse } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../errors";
import { requireParticipant } from "../../policies/dialogue";
import { rightsOn } from "../../policies/node";
import { type DialogueSnapshot, isDialogueRoot, restoreDialogueRows } from "../dialogues/bin";
import { dialoguesShowing, refreshPreviews } from "../dialogues/summary";
import { writeTransaction } from "../events/write-transaction";
import { insertRelation, restoreRelationRows } from "../graph/relation-rows";
import { userRootId } from "../nodes/create";
import { reanchorSubtree, restoreNodeRows, setMainPlace } from "../nodes/write";

interface Snapshot extends DialogueSnapshot {
  nodes: unknown[];
  relations: unknown[];
  versions: unknown[];
  grants: unknown[];
  shares: unknown[];
  settings: unknown[];
}

interface TrashRow {
  id: number;
  root_id: number;
  owner_id: number;
  deleted_by: number | null;
  parent_id: number | null;
  snapshot: Snapshot;
}

/**
 * POST /api/trash/restore/: puts deleted subtrees back with their own ids, links, history, grants and
 * shares, in their old place (the same spot among the siblings). The caller must be the tree's owner or
 * the person who deleted, and may write the old place. When the old place is gone, the owner's restore
 * plants the subtree as a tree of their own on home; anyone else is refused.
 */
export async function restoreTrash(
  db: Db,
  userId: number,
  body: TrashRestoreBody,
): Promise<TrashRestoreResponse> {
  return writeTransaction(db, userId, async (tx) => {
    const items = await lockItems(tx, body);
    const visible = items.filter((item) => item.owner_id === userId || item.deleted_by === userId);
    if (visible.length === 0) throw notFound(MESSAGES.trashItemNotFound, "TRASH_ITEM_NOT_FOUND");
    if (body.ids && visible.length < body.ids.length)
      throw notFound(MESSAGES.trashItemNotFound, "TRASH_ITEM_NOT_FOUND");
    const restoredIds: number[] = [];
    const roots: TrashRestoreResponse["roots"] = [];
    for (const item of parentsFirst(visible)) {
      // A dialogue is a tree of its own: it comes back as it was, standing alone, not on anyone's home.
      const standsAlone = item.parent_id === null && isDialogueRoot(item.snapshot, item.root_id);
      const placeExists = item.parent_id !== null && (await exists(tx, item.parent_id));
      const inDialogue = placeExists && (await isDialogue(tx, item.parent_id!));
      if (inDialogue) {
        // A message goes back into a chat its restorer still takes part in (their own, kept by them).
        await requireParticipant(tx, userId, item.parent_id!);
      } else if (placeExists) {
        if (!(await rightsOn(tx, userId, item.parent_id!)).write)
          throw forbidden(MESSAGES.trashRestoreForbidden);
      } else if (item.owner_id !== userId) {
        throw new AppError(409, "TRASH_PLACE_GONE", MESSAGES.trashPlaceGone);
      }
      restoredIds.push(...(await restoreNodeRows(tx, item.snapshot.nodes)));
      await restoreRelationRows(tx, item.snapshot.relations);
      await restoreSideRows(tx, item.snapshot);
      await restoreDialogueRows(tx, item.snapshot);
      // A message keeps its sender as owner: it rejoins the dialogue's tree, which it never left.
      const parentId = standsAlone
        ? null
        : inDialogue
          ? item.parent_id!
          : placeExists
            ? await rejoinTree(tx, item.root_id, item.parent_id!)
            : await plantOnHome(tx, userId, item.root_id);
      roots.push({ id: item.root_id, parent_id: parentId });
    }
    // Messages back in a chat: its preview and unread counts follow.
    await refreshPreviews(tx, await dialoguesShowing(tx, restoredIds));
    await tx.execute(
      sql`delete from trash_item where id = any(${`{${visible.map((i) => i.id).join(",")}}`}::int[])`,
    );
    return { success: true, restored_ids: restoredIds, roots };
  });
}

/** Items in an order where a subtree restored into another restored subtree comes after it. */
function parentsFirst(items: TrashRow[]): TrashRow[] {
  const nodesOf = new Map(
    items.map((item) => [
      item.id,
      new Set((item.snapshot.nodes as { id: number }[]).map((n) => Number(n.id))),
    ]),
  );
  const ordered: TrashRow[] = [];
  const left = [...items];
  while (left.length > 0) {
    const i = left.findIndex(
      (item) => !left.some((other) => other !== item && nodesOf.get(other.id)?.has(item.parent_id ?? -1)),
    );
    ordered.push(...left.splice(i === -1 ? 0 : i, 1));
  }
  return ordered;
}

/**
 * A subtree restored under its old parent belongs to whatever tree that parent is in now (it may have
 * moved since): the subtree takes the parent's tree and owner when they differ. Answers the parent.
 */
async function rejoinTree(tx: Tx, rootId: number, parentId: number): Promise<number> {
  const [row] = await queryRows<{
    anchor_id: number | null;
    owner_id: number;
    parent_type: string;
    parent_anchor: number | null;
    parent_owner: number;
  }>(
    tx,
    sql`select r.anchor_id, r.owner_id, p.type as parent_type, p.anchor_id as parent_anchor, p.owner_id as parent_owner
        from dnode r join dnode p on p.id = ${parentId} where r.id = ${rootId}`,
  );
  if (!row) return parentId;
  const anchor = row.parent_type === "USER" ? rootId : Number(row.parent_anchor ?? parentId);
  if (Number(row.anchor_id) !== anchor || Number(row.owner_id) !== Number(row.parent_owner))
    await reanchorSubtree(tx, { id: rootId, anchorId: row.anchor_id }, anchor, Number(row.parent_owner));
  return parentId;
}

/** The bin items asked for, locked, so two restores of one item cannot both run. */
async function lockItems(tx: Tx, body: TrashRestoreBody): Promise<TrashRow[]> {
  const where = body.batch_id
    ? sql`batch_id = ${body.batch_id}`
    : sql`id = any(${`{${(body.ids ?? []).join(",")}}`}::int[])`;
  const rows = await queryRows<TrashRow>(
    tx,
    sql`select id, root_id, owner_id, deleted_by, parent_id, snapshot from trash_item where ${where}
        order by id for update`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    root_id: Number(row.root_id),
    owner_id: Number(row.owner_id),
    deleted_by: row.deleted_by === null ? null : Number(row.deleted_by),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
  }));
}

async function isDialogue(tx: Tx, nodeId: number): Promise<boolean> {
  const rows = await queryRows<{ node_id: number }>(
    tx,
    sql`select node_id from dialogue where node_id = ${nodeId}`,
  );
  return rows.length > 0;
}

async function exists(tx: Tx, nodeId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from dnode where id = ${nodeId}`);
  return rows.length > 0;
}

/**
 * History, grants, shares and publishing of the restored nodes; rows naming people who have left since
 * are dropped.
 */
async function restoreSideRows(tx: Tx, snapshot: Snapshot): Promise<void> {
  const json = (rows: unknown[]) => JSON.stringify(rows ?? []);
  await tx.execute(sql`insert into dnode_version overriding system value
    select r.* from jsonb_populate_recordset(null::dnode_version, ${json(snapshot.versions)}::jsonb) r
    where exists (select 1 from dnode d where d.id = r.dnode_id)
      and not exists (select 1 from dnode_version v where v.id = r.id)`);
  await tx.execute(sql`insert into anchor_grant overriding system value
    select r.* from jsonb_populate_recordset(null::anchor_grant, ${json(snapshot.grants)}::jsonb) r
    where exists (select 1 from dnode d where d.id = r.anchor_id)
      and (r.descendent_id is null or exists (select 1 from dnode d where d.id = r.descendent_id))
      and (r.user_id is null or exists (select 1 from users u where u.id = r.user_id))
    on conflict do nothing`);
  await tx.execute(sql`insert into dnode_permission overriding system value
    select r.* from jsonb_populate_recordset(null::dnode_permission, ${json(snapshot.shares)}::jsonb) r
    where exists (select 1 from dnode d where d.id = r.dnode_id)
      and exists (select 1 from users u where u.id = r.user_id)
    on conflict do nothing`);
  await tx.execute(sql`insert into anchor_setting
    select r.* from jsonb_populate_recordset(null::anchor_setting, ${json(snapshot.settings)}::jsonb) r
    where exists (select 1 from dnode d where d.id = r.anchor_id)
    on conflict do nothing`);
}

/** A subtree whose place is gone becomes a tree of the owner's own, under their root and on home. */
async function plantOnHome(tx: Tx, userId: number, rootId: number): Promise<number> {
  const home = await userRootId(tx, userId);
  const [root] = await queryRows<{ anchor_id: number | null; parent_id: number | null }>(
    tx,
    sql`select anchor_id, parent_id from dnode where id = ${rootId}`,
  );
  const node = { id: rootId, anchorId: root?.anchor_id ?? null, parentId: root?.parent_id ?? null };
  await setMainPlace(tx, node, home, "CHILD_NODE");
  await insertRelation(tx, { xnode: home, ynode: rootId, relationName: "CHILD_NODE" });
  await insertRelation(tx, { xnode: home, ynode: rootId, relationName: "USER_ROOT" });
  await reanchorSubtree(tx, node, rootId, userId);
  return home;
}
