import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { type Db, queryRows } from "../../db/client";
import { notFound } from "../../errors";

/** DELETE /api/trash/{id}/: deletes one bin item for good now (its owner or whoever deleted it). */
export async function purgeTrashItem(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await queryRows<{ id: number }>(
    ctx.db,
    sql`delete from trash_item where id = ${id} and (owner_id = ${userId} or deleted_by = ${userId}) returning id`,
  );
  if (gone.length === 0) throw notFound(MESSAGES.trashItemNotFound, "TRASH_ITEM_NOT_FOUND");
}

/** Deletes what the bin has kept longer than it promises; answers how many items went. */
export async function purgeExpiredTrash(db: Db, days: number): Promise<number> {
  const gone = await queryRows<{ id: number }>(
    db,
    sql`delete from trash_item where deleted_at < now() - make_interval(days => ${days}) returning id`,
  );
  return gone.length;
}
