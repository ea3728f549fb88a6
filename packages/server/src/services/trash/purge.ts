import path from "node:path";
import { MESSAGES, TRASH_DAYS } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { type Db, queryRows } from "../../db/client";
import { notFound } from "../../errors";
import { deleteMediaOfPurgedNodes } from "../media/purge";

/** The media folder of an app server's data directory. */
export const mediaRootOf = (dataDir: string) => path.join(dataDir, "media");

type PurgedNode = { id: number; content: Record<string, unknown> | null };

/** The node rows kept in these (just deleted) bin items, for their files. */
const nodesOf = (items: Array<{ nodes: PurgedNode[] | null }>): PurgedNode[] =>
  items.flatMap((item) => item.nodes ?? []).map((node) => ({ id: Number(node.id), content: node.content }));

/**
 * DELETE /api/trash/{id}/: deletes one bin item for good now (its owner or whoever deleted it), and the
 * uploaded files its nodes referred to that no other node still shows.
 */
export async function purgeTrashItem(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await queryRows<{ nodes: PurgedNode[] | null }>(
    ctx.db,
    sql`delete from trash_item where id = ${id} and (owner_id = ${userId} or deleted_by = ${userId})
        returning snapshot->'nodes' as nodes`,
  );
  if (gone.length === 0) throw notFound(MESSAGES.trashItemNotFound, "TRASH_ITEM_NOT_FOUND");
  await deleteMediaOfPurgedNodes(ctx.db, mediaRootOf(ctx.config.dataDir), nodesOf(gone));
}

/**
 * Purges what the bin has kept longer than it promises (30 days), files included; answers how many
 * items went. The delete is one statement, so several app servers running it at once purge each item
 * once.
 */
export async function purgeExpiredTrash(db: Db, dataDir: string, days = TRASH_DAYS): Promise<number> {
  const gone = await queryRows<{ nodes: PurgedNode[] | null }>(
    db,
    sql`delete from trash_item where deleted_at < now() - make_interval(days => ${days})
        returning snapshot->'nodes' as nodes`,
  );
  if (gone.length > 0) await deleteMediaOfPurgedNodes(db, mediaRootOf(dataDir), nodesOf(gone));
  return gone.length;
}
