import { MESSAGES } from "@zhishu/shared";
import { and, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { createKey } from "../../db/schema";
import { AppError, badRequest } from "../../errors";

/** What a client may send as `Idempotency-Key`: a UUID or any short token of letters, digits, - and _. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** How long a key keeps answering with its first node. Journals are replayed within minutes, not weeks. */
export const CREATE_KEY_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** The header's value checked: undefined when absent, a 400 when malformed. */
export function parseCreateKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw new AppError(400, "BAD_IDEMPOTENCY_KEY", MESSAGES.badIdempotencyKey);
  }
  return header;
}

/** The node a key already made, if the key was used before. */
export interface EarlierCreate {
  nodeId: number;
  relationId: number | null;
}

/**
 * Claims `key` for this creation inside its transaction. A second request with the same key waits on the
 * primary key until the first commits, then finds the first one's node; if the first rolled back, the
 * second makes the node itself.
 */
export async function claimCreateKey(tx: Tx, userId: number, key: string): Promise<EarlierCreate | null> {
  const claimed = await tx
    .insert(createKey)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning({ key: createKey.key });
  if (claimed.length > 0) return null;
  const [earlier] = await tx
    .select({ nodeId: createKey.nodeId, relationId: createKey.relationId })
    .from(createKey)
    .where(and(eq(createKey.userId, userId), eq(createKey.key, key)));
  // Unreachable in practice: a key row is committed only with its node filled in.
  if (!earlier?.nodeId) throw badRequest();
  return { nodeId: earlier.nodeId, relationId: earlier.relationId };
}

/** Records which node and link a claimed key made. */
export async function fillCreateKey(
  tx: Tx,
  userId: number,
  key: string,
  made: { nodeId: number; relationId: number },
): Promise<void> {
  await tx
    .update(createKey)
    .set({ nodeId: made.nodeId, relationId: made.relationId })
    .where(and(eq(createKey.userId, userId), eq(createKey.key, key)));
}

/** Forgets keys past their lifetime. */
export async function pruneCreateKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(createKey).where(lt(createKey.createdAt, new Date(now.getTime() - CREATE_KEY_LIFETIME_MS)));
}
