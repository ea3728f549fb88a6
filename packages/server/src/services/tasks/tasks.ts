import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { task } from "../../db/schema";

export type TaskRow = typeof task.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Records a background task owned by a user (the AI issue starts its work from here). */
export async function createTask(db: Db, ownerId: number): Promise<TaskRow> {
  return oneRow(await db.insert(task).values({ id: randomUUID(), ownerId }).returning());
}

/** The task, or undefined for an unknown id (anything not shaped like one of our ids is unknown). */
export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await db.select().from(task).where(eq(task.id, id));
  return rows[0];
}
