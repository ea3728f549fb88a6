import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema";

/** One counter: its key, how many attempts its window allows, and the window's length in seconds. */
export interface Allowance {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Spends one attempt from each allowance in ONE statement (a multi-row upsert that returns the new
 * counts), so parallel requests queue on the counter rows and each sees its own exact count: fifty
 * parallel guesses cannot all read "9 so far" and pass. True when any allowance is now over its limit.
 * The counters live in the database, so several app servers share them.
 */
export async function spendAttempt(db: Db, allowances: Allowance[]): Promise<boolean> {
  // Each row's window length rides along in its key's row as a case expression (one statement for all).
  const windowOf = sql.join(
    [
      sql`case ${loginFailures.key}`,
      ...allowances.map((a) => sql`when ${a.key} then make_interval(secs => ${a.windowSeconds})`),
      sql`end`,
    ],
    sql` `,
  );
  const fresh = sql`${loginFailures.windowStart} > now() - ${windowOf}`;
  const rows = await db
    .insert(loginFailures)
    .values(allowances.map((a) => ({ key: a.key, windowStart: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${fresh} then ${loginFailures.count} + 1 else 1 end`,
        windowStart: sql`case when ${fresh} then ${loginFailures.windowStart} else now() end`,
      },
    })
    .returning({ key: loginFailures.key, count: loginFailures.count });
  const limits = new Map(allowances.map((a) => [a.key, a.limit]));
  return rows.some((row) => row.count > (limits.get(row.key) ?? Infinity));
}

/** Gives back one attempt on these keys (a success should not count against the address). */
export async function refundAttempt(db: Db, keys: string[]): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(inArray(loginFailures.key, keys));
}

/** Forgets these counters entirely. */
export async function forget(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneCounters(db: Db): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.windowStart} < now() - interval '1 day'`);
}
