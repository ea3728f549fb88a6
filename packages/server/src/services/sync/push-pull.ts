import { randomUUID } from "node:crypto";
import { MAX_CONTENT_BYTES, MESSAGES, type PendingUpdate as SharedPendingUpdate } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import type { DnodeWithExtras } from "../../db/node-rows";
import { AppError, badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { spendAttempt } from "../accounts/throttle";
import { writeTransaction } from "../events/write-transaction";
import { createNodeInTx } from "../nodes/create";
import { deleteNodesInTx } from "../nodes/delete";
import { updateNodeInTx } from "../nodes/update";
import { setPendingUpdates, setSourceLink } from "../nodes/write-unversioned";

/** A copy's subtree as pushed to its source: each node says which source node it stands for. */
export interface Snapshot {
  copy_id: number;
  src_id: number | null;
  name: string;
  type: string;
  content: Record<string, unknown>;
  children: Snapshot[];
}

/** A pending update in the source's content.to_updates, with the pushed subtree as snapshots. */
export type PendingUpdate = SharedPendingUpdate<Snapshot>;

const MAX_SNAPSHOT_NODES = 500;
/** Pushes one person may make in a minute: a push writes into someone else's node. */
export const PUSHES_PER_MINUTE = 30;
const withoutPending = ({ to_updates: _drop, ...rest }: Record<string, unknown>) => rest;

/** The copy's main-tree subtree, in display order, up to 500 nodes. */
async function snapshotOf(tx: Tx, rootId: number): Promise<Snapshot> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    src_id: number | null;
    name: string;
    type: string;
    content: Record<string, unknown>;
  }>(
    tx,
    sql`with recursive sub(id, depth) as (
          select ${rootId}::int, 0
          union all
          select c.id, sub.depth + 1 from sub join dnode c on c.parent_id = sub.id where sub.depth < 100)
        select d.id, d.parent_id, d.src_id, d.name, d.type, d.content from sub join dnode d on d.id = sub.id
        left join dnode_relation r on r.xnode = d.parent_id and r.ynode = d.id and r.relation_name = d.main_relation
        order by sub.depth, r.yorder, d.id limit ${MAX_SNAPSHOT_NODES}`,
  );
  const byId = new Map<number, Snapshot>();
  for (const row of rows) {
    const snap: Snapshot = {
      copy_id: row.id,
      src_id: row.src_id,
      name: row.name,
      type: row.type,
      content: withoutPending(row.content),
      children: [],
    };
    byId.set(row.id, snap);
    if (row.id !== rootId && row.parent_id !== null) byId.get(row.parent_id)?.children.push(snap);
  }
  return byId.get(rootId)!;
}

async function requireSource(tx: Tx, userId: number, copy: DnodeWithExtras): Promise<DnodeWithExtras> {
  if (copy.srcId === null) throw badRequest(MESSAGES.noSource);
  return requireNode(tx, userId, copy.srcId, "read");
}

/**
 * Push: offers the copy's current state to its source as a pending update; the source's owner accepts
 * or rejects it. The source is not changed until then. Read on the source is enough, so a push is a
 * proposal that must not grow another person's node: each pusher has at most one pending update per
 * source (a new push replaces their last one), each within the content size limit.
 */
export async function push(db: Db, userId: number, copyId: number): Promise<number> {
  // Counted in the database, so several app servers share the limit.
  if (await spendAttempt(db, [{ key: `push:${userId}`, limit: PUSHES_PER_MINUTE, windowSeconds: 60 }]))
    throw new AppError(429, "PUSH_RATE_LIMITED", MESSAGES.pushRateLimited);
  return writeTransaction(db, userId, async (tx) => {
    const copy = await requireNode(tx, userId, copyId, "write");
    const source = await requireSource(tx, userId, copy);
    const snapshot = await snapshotOf(tx, copy.id);
    const update: PendingUpdate = {
      id: randomUUID(),
      type: snapshot.children.length > 0 ? "update_children_and_self" : "update",
      from_id: copy.id,
      pushed_by: userId,
      pushed_at: new Date().toISOString(),
      name: copy.name,
      node_type: copy.type,
      content: snapshot.content,
      ...(snapshot.children.length > 0 ? { children: snapshot.children } : {}),
    };
    if (Buffer.byteLength(JSON.stringify(update)) > MAX_CONTENT_BYTES)
      throw new AppError(413, "CONTENT_TOO_LARGE", MESSAGES.pushTooLarge);
    // Under the source's row lock, so two pushes at once both land and each pusher keeps one.
    const others = (await lockedPending(tx, source.id)).filter((u) => u.pushed_by !== userId);
    await setPendingUpdates(tx, source, [...others, update]);
    return source.id;
  });
}

/** Pull: the copy takes its source's current name, type and content, and remembers the source's version. */
export async function pull(db: Db, userId: number, copyId: number): Promise<{ changed: boolean }> {
  return writeTransaction(db, userId, async (tx) => {
    const copy = await requireNode(tx, userId, copyId, "write");
    const source = await requireSource(tx, userId, copy);
    if (copy.srcVersion === source.version) return { changed: false };
    const pending = copy.content.to_updates;
    const content = { ...withoutPending(source.content), ...(pending ? { to_updates: pending } : {}) };
    await updateNodeInTx(tx, userId, copy.id, {
      name: source.name,
      type: source.type as never,
      content: nullsFor(copy.content, content),
    });
    await setSourceLink(tx, copy, { srcVersion: source.version });
    return { changed: true };
  });
}

/** A content patch that makes `current` equal `target`: keys missing from target are set to null (removed). */
function nullsFor(
  current: Record<string, unknown>,
  target: Record<string, unknown>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...target };
  for (const key of Object.keys(current)) if (!(key in target) && key !== "to_updates") patch[key] = null;
  return patch;
}

/** Makes the node's main children match the snapshot's: update matches, create the new, delete the missing. */
async function applyChildren(
  tx: Tx,
  userId: number,
  parent: number,
  children: Snapshot[],
  deleted: number[],
): Promise<void> {
  const current = await queryRows<{ id: number }>(
    tx,
    sql`select id from dnode where parent_id = ${parent} and main_relation = 'CHILD_NODE'`,
  );
  const currentIds = new Set(current.map((r) => r.id));
  const kept = new Set<number>();
  for (const snap of children) {
    let target: number;
    if (snap.src_id !== null && currentIds.has(snap.src_id)) {
      target = snap.src_id;
      const node = await requireNode(tx, userId, target, "write");
      await updateNodeInTx(tx, userId, target, {
        name: snap.name,
        type: snap.type as never,
        content: nullsFor(node.content, snap.content),
      });
    } else {
      const { nodeId } = await createNodeInTx(tx, userId, {
        type: snap.type as never,
        name: snap.name,
        content: snap.content,
        location_id: parent,
        relation_name: "CHILD_NODE",
      });
      target = nodeId;
      // The copy's node now stands for the new source node, so the next push maps onto it.
      await setSourceLink(tx, { id: snap.copy_id, anchorId: null }, { srcId: nodeId });
    }
    kept.add(target);
    await applyChildren(tx, userId, target, snap.children, deleted);
  }
  const gone = [...currentIds].filter((id) => !kept.has(id));
  if (gone.length) deleted.push(...(await deleteNodesInTx(tx, userId, gone)).deletedIds);
}

/** accept_updates: applies every pending update in order, then clears them. */
export async function acceptUpdates(
  tx: Tx,
  userId: number,
  node: DnodeWithExtras,
): Promise<{ deletedIds: number[] }> {
  // Read under a row lock: two accepts at once must not apply the same updates twice.
  const pending = await lockedPending(tx, node.id);
  if (pending.length === 0) throw badRequest(MESSAGES.noPendingUpdates);
  const deleted: number[] = [];
  await clearPending(tx, node);
  for (const update of pending) {
    if (update.type === "delete") {
      deleted.push(...(await deleteNodesInTx(tx, userId, [node.id])).deletedIds);
      break;
    }
    if (update.type === "create") {
      await createNodeInTx(tx, userId, {
        type: update.node_type as never,
        name: update.name,
        content: update.content,
        location_id: node.id,
      });
      continue;
    }
    const fresh = await requireNode(tx, userId, node.id, "write");
    await updateNodeInTx(tx, userId, node.id, {
      name: update.name,
      type: update.node_type as never,
      content: nullsFor(fresh.content, update.content),
    });
    if (update.type === "update_children_and_self")
      await applyChildren(tx, userId, node.id, update.children ?? [], deleted);
  }
  return { deletedIds: deleted };
}

/** The node's pending updates, read under its row lock. */
async function lockedPending(tx: Tx, nodeId: number): Promise<PendingUpdate[]> {
  const [row] = await queryRows<{ pending: PendingUpdate[] | null }>(
    tx,
    sql`select content->'to_updates' as pending from dnode where id = ${nodeId} for update`,
  );
  return Array.isArray(row?.pending) ? row.pending : [];
}

/** Drops the node's pending updates without a new version (they were never part of its content). */
export async function clearPending(tx: Tx, node: { id: number; anchorId: number | null }): Promise<void> {
  await setPendingUpdates(tx, node, []);
}
