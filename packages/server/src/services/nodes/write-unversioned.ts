import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { dnode } from "../../db/schema";
import { recordChange } from "../events/write-transaction";
import { sanitizeContent } from "./sanitize";

/**
 * Part of the one writer of node rows (write.ts): the writes that are not anyone's edit, so keep no
 * version — pending updates of a synchronised copy, its source link, and summary fields the server keeps
 * (a dialogue's last message). Each is recorded for the live-update channel like any other write.
 */

const anchorsOf = (node: { anchorId: number | null }) => (node.anchorId === null ? [] : [node.anchorId]);

/** Replaces the node's pending updates (a pusher's newer proposal replaces their older one), in SQL. */
export async function setPendingUpdates(
  tx: Tx,
  node: { id: number; anchorId: number | null },
  updates: readonly object[],
): Promise<void> {
  await tx.execute(
    updates.length === 0
      ? sql`update dnode set content = content - 'to_updates' where id = ${node.id}`
      : sql`update dnode set content = jsonb_set(content, '{to_updates}', ${JSON.stringify(updates)}::jsonb)
            where id = ${node.id}`,
  );
  recordChange(tx, {
    kind: "node_updated",
    nodeIds: [node.id],
    anchorIds: anchorsOf(node),
    fields: ["to_updates"],
  });
}

/**
 * Merges server-kept summary fields into a node's content in SQL (a dialogue's last message, time and
 * sender): not an edit by anyone, so no version is kept, and two messages at once both land. Recorded
 * like any change, so those watching the node see it live.
 */
export async function mergeContentSummary(
  tx: Tx,
  node: { id: number; anchorId: number | null },
  summary: Record<string, unknown>,
): Promise<void> {
  const clean = sanitizeContent(summary);
  await tx.execute(sql`update dnode set content = content || ${JSON.stringify(clean)}::jsonb, updated_at = now()
      where id = ${node.id}`);
  recordChange(tx, {
    kind: "node_updated",
    nodeIds: [node.id],
    anchorIds: anchorsOf(node),
    fields: ["content"],
  });
}

/** Sets which source a synchronised copy follows and the source version it last took (no history). */
export async function setSourceLink(
  tx: Tx,
  node: { id: number; anchorId: number | null },
  link: { srcId?: number | null; srcVersion?: number | null },
): Promise<void> {
  await tx.update(dnode).set(link).where(eq(dnode.id, node.id));
  recordChange(tx, { kind: "node_updated", nodeIds: [node.id], anchorIds: anchorsOf(node), fields: ["src"] });
}
