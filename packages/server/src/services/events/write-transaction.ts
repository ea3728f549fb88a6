import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { currentOrigin } from "./origin";

/** The NOTIFY channel that carries committed event ids to every app server. */
export const EVENT_CHANNEL = "zhishu_events";

/** What kind of change one entry of an event describes. */
export type ChangeKind =
  | "node_created"
  | "node_updated"
  | "node_moved"
  | "node_deleted"
  | "relation_created"
  | "relation_updated"
  | "relation_deleted";

/** A link named by its ends, kept in a change once the row itself is gone. */
export interface RelationRef {
  id: number | null;
  xnode: number;
  ynode: number;
  relation_name: string;
}

/** One change as recorded: the nodes it touched and their trees, and for updates which fields changed. */
export interface Change {
  kind: ChangeKind;
  nodeIds: number[];
  anchorIds: number[];
  fields?: string[];
  relationIds?: number[];
  /** Deleted links (and the main links of deleted nodes), named, since their rows are gone. */
  relations?: RelationRef[];
}

interface OpenTransaction {
  actor: number | null;
  changes: Change[];
}

// The changes of each open write transaction, keyed by its handle: written as one event row at the end.
const openTransactions = new WeakMap<object, OpenTransaction>();

// Deadlock and serialization failures: PostgreSQL rolled the transaction back, so running it again is safe.
const RETRYABLE = new Set(["40P01", "40001"]);

function isRetryable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return RETRYABLE.has(e?.code ?? "") || RETRYABLE.has(e?.cause?.code ?? "");
}

/**
 * Runs `work` in a transaction that records what it changes: every write of node or relation rows must run
 * inside one (the writers refuse otherwise), and the event row they add up to is written in the same
 * transaction, so it exists exactly when the change does. A deadlock or serialization failure (which
 * PostgreSQL resolves by rolling one side back) is retried once, as a last resort behind lock ordering.
 */
export async function writeTransaction<T>(
  db: Db,
  actor: number | null,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const open: OpenTransaction = { actor, changes: [] };
        openTransactions.set(tx, open);
        const result = await work(tx);
        await writeEvent(tx, open);
        return result;
      });
    } catch (error) {
      if (attempt === 0 && isRetryable(error)) continue;
      throw error;
    }
  }
}

/** Notes a change for this transaction's event row; outside a write transaction it is a programming error. */
export function recordChange(tx: Tx, change: Change): void {
  const open = openTransactions.get(tx);
  if (!open)
    throw new Error("node and relation rows are written only inside writeTransaction (services/events)");
  if (change.nodeIds.length === 0) return;
  open.changes.push(change);
}

/** True while `tx` is a write transaction (its writes are being recorded). */
export const isWriteTransaction = (tx: Tx): boolean => openTransactions.has(tx);

const unique = (lists: number[][]): number[] => [...new Set(lists.flat())].filter((id) => id > 0);

/** One event row for the whole transaction, and a NOTIFY that PostgreSQL delivers only if it commits. */
async function writeEvent(tx: Tx, open: OpenTransaction): Promise<void> {
  if (open.changes.length === 0) return;
  const nodeIds = unique(open.changes.map((c) => c.nodeIds));
  const anchorIds = unique(open.changes.map((c) => c.anchorIds));
  const changes = open.changes.map((c) => ({
    kind: c.kind,
    node_ids: c.nodeIds,
    anchor_ids: c.anchorIds,
    ...(c.fields ? { fields: c.fields } : {}),
    ...(c.relationIds ? { relation_ids: c.relationIds } : {}),
    ...(c.relations ? { relations: c.relations } : {}),
  }));
  await tx.execute(sql`with e as (
      insert into node_event (actor_id, origin, node_ids, anchor_ids, changes)
      values (${open.actor}, ${currentOrigin()}, ${`{${nodeIds.join(",")}}`}::int[],
              ${`{${anchorIds.join(",")}}`}::int[], ${JSON.stringify(changes)}::jsonb)
      returning id)
    select pg_notify(${EVENT_CHANNEL}, id::text) from e`);
}
