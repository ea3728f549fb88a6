import { MESSAGES, offersDeliveryChoice } from "@zhishu/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { writeTransaction } from "../events/write-transaction";
import { updateNodeRow } from "../nodes/write";

export type DeliveryDecision = "accepted" | "rejected";

/**
 * Accepts or rejects what an agent delivered (workspace-spec 4 "AgentProcess delivery_status": a
 * delivered top-level agent process offers accept and reject). Under the row lock, so of two people
 * deciding at once exactly one wins; the other, and any later call, gets a 409.
 */
export async function decideDelivery(
  db: Db,
  userId: number,
  nodeId: number,
  decision: DeliveryDecision,
): Promise<number[]> {
  return writeTransaction(db, userId, async (tx) => {
    const node = oneRow(await tx.select().from(dnode).where(eq(dnode.id, nodeId)).for("update"), () =>
      notFound(MESSAGES.nodeNotFound),
    );
    const [parent] = node.parentId
      ? await tx.select({ type: dnode.type }).from(dnode).where(eq(dnode.id, node.parentId))
      : [];
    const offered = node.type === "PROCESS" && offersDeliveryChoice(node.content, parent?.type === "PROCESS");
    if (!offered) throw conflict(MESSAGES.deliveryNotOffered, "DELIVERY_NOT_OFFERED");
    await updateNodeRow(tx, node, { content: { ...node.content, delivery_status: decision } }, userId);
    return [nodeId];
  });
}
