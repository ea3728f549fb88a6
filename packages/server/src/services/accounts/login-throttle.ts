import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema";

/** Failed logins allowed per key in one minute before the next attempt is refused. */
export const LIMITS = { perIpAndName: 10, perIp: 100 } as const;

const keysFor = (ip: string, username: string) => [
  { key: `ipname:${ip}:${username.toLowerCase()}`, limit: LIMITS.perIpAndName },
  { key: `ip:${ip}`, limit: LIMITS.perIp },
];

/** True when this IP (or IP and name) has failed too often in the current minute. */
export async function isThrottled(db: Db, ip: string, username: string): Promise<boolean> {
  for (const { key, limit } of keysFor(ip, username)) {
    const rows = await db
      .select({ count: loginFailures.count })
      .from(loginFailures)
      .where(
        sql`${loginFailures.key} = ${key} and ${loginFailures.windowStart} > now() - interval '1 minute'`,
      );
    if (rows[0] && rows[0].count >= limit) return true;
  }
  return false;
}

/** Counts one failure, atomically: a stale window restarts at 1, so parallel failures are all counted. */
export async function recordFailure(db: Db, ip: string, username: string): Promise<void> {
  for (const { key } of keysFor(ip, username)) {
    await db
      .insert(loginFailures)
      .values({ key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.windowStart} > now() - interval '1 minute' then ${loginFailures.count} + 1 else 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} > now() - interval '1 minute' then ${loginFailures.windowStart} else now() end`,
        },
      });
  }
}

/** A successful login forgets the name's failures from this IP. */
export async function clearFailures(db: Db, ip: string, username: string): Promise<void> {
  const [ipAndName] = keysFor(ip, username);
  if (ipAndName) await db.delete(loginFailures).where(sql`${loginFailures.key} = ${ipAndName.key}`);
}
