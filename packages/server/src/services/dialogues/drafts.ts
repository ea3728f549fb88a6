import { type DelegateDraftBody, MESSAGES, parseLogicId } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { dialogueDraft } from "../../db/schema-dialogue";
import { AppError, badRequest, conflict } from "../../errors";
import { assertMayPost, type DialogueFacts, requireParticipant } from "../../policies/dialogue";
import { requireNode } from "../../policies/node-access";
import { writeTransaction } from "../events/write-transaction";
import { insertRelation } from "../graph/relation-rows";
import { insertNodeRow, reanchorSubtree, setMainPlace, updateNodeRow } from "../nodes/write";
import { DRAFT_LOCK } from "./make";
import { responderFor } from "./responder";
import { recordMessage } from "./summary";

/** The agent an agent dialogue talks to, read from its logic id (UserAiChats_<user>_<agent>). */
const agentOf = (facts: DialogueFacts): number | undefined => {
  const parsed = facts.logicId ? parseLogicId(facts.logicId) : null;
  return parsed && "agentId" in parsed ? parsed.agentId : undefined;
};

/** The content of a fresh, empty draft AskProcess of `userId` in a dialogue. */
const draftContent = (facts: DialogueFacts, userId: number) => {
  const agentId = agentOf(facts);
  return {
    xtype: "AskProcess",
    self_status: "draft",
    text: "",
    dialogue_id: facts.id,
    persons: facts.participants.filter((id) => id !== userId),
    // people-spec 3: the draft names whom it goes to; an agent's dialogue, that agent.
    agents: agentId ? [agentId] : [],
    ...(agentId ? { agent_id: agentId } : {}),
  };
};

/** A new draft node (a tree of its own, its writer's alone: nobody else reads a draft) and its row. */
async function insertDraft(tx: Tx, facts: DialogueFacts, userId: number): Promise<number> {
  const nodeId = await insertNodeRow(tx, {
    name: "",
    type: "PROCESS",
    content: draftContent(facts, userId),
    parentId: null,
    mainRelation: null,
    ownerId: userId,
    creatorId: userId,
    anchorId: "self",
  });
  await tx
    .insert(dialogueDraft)
    .values({ dialogueId: facts.id, userId, nodeId })
    .onConflictDoUpdate({ target: [dialogueDraft.dialogueId, dialogueDraft.userId], set: { nodeId } });
  return nodeId;
}

async function draftIdOf(db: Db | Tx, dialogueId: number, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ node_id: number }>(
    db,
    sql`select node_id from dialogue_draft where dialogue_id = ${dialogueId} and user_id = ${userId}`,
  );
  return row ? Number(row.node_id) : undefined;
}

/**
 * GET /api/dialogue/{id}/draft/: the caller's one draft AskProcess in the dialogue, made on first ask.
 * Concurrent first asks all answer the same draft: the making runs under an advisory lock per dialogue
 * and looks again inside it; the (dialogue, user) primary key backs that up.
 */
export async function getDraft(db: Db, userId: number, dialogueId: number): Promise<number> {
  const facts = await requireParticipant(db, userId, dialogueId);
  const known = await draftIdOf(db, dialogueId, userId);
  if (known !== undefined) return known;
  return writeTransaction(db, userId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DRAFT_LOCK}, ${dialogueId})`);
    return (await draftIdOf(tx, dialogueId, userId)) ?? insertDraft(tx, facts, userId);
  });
}

/** The strategy params as given (people-spec 3 "Draft strategy params"), to keep in the message. */
function strategyParams(body: DelegateDraftBody): Record<string, unknown> {
  const { text: _text, ...params } = body;
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/**
 * POST /api/process/{id}/delegate-and-create-new/: sends the caller's draft. The draft becomes a
 * message — delegated, moved into the dialogue's tree (so every participant reads it) as its newest
 * CHAT — and a new empty draft takes its place, in one transaction; then the dialogue's responder
 * delivers it (people at once: completed). Refused: not the caller's dialogue draft (400 / 403),
 * already sent (409), empty text after trimming (400), a mode that forbids it (403).
 */
export async function delegateAndCreateNew(
  db: Db,
  userId: number,
  draftId: number,
  body: DelegateDraftBody,
): Promise<{ delegatedId: number; newDraftId: number }> {
  await requireNode(db, userId, draftId, "read");
  const [slot] = await db.select().from(dialogueDraft).where(eq(dialogueDraft.nodeId, draftId));
  if (!slot) {
    const [row] = await db.select({ content: dnode.content }).from(dnode).where(eq(dnode.id, draftId));
    const sent = row && (row.content.self_status ?? "draft") !== "draft" && row.content.dialogue_id;
    throw sent
      ? conflict(MESSAGES.draftAlreadySent, "DRAFT_ALREADY_SENT")
      : badRequest(MESSAGES.notADialogueDraft);
  }
  if (slot.userId !== userId) throw new AppError(403, "DRAFT_NOT_YOURS", MESSAGES.draftNotYours);
  const facts = await requireParticipant(db, userId, slot.dialogueId);
  await assertMayPost(db, userId, facts, "message");
  const params = strategyParams(body);

  const sent = await writeTransaction(db, userId, async (tx) => {
    const draft = oneRow(await tx.select().from(dnode).where(eq(dnode.id, draftId)).for("update"));
    // Sent by a request that got here first: the slot now holds its new draft.
    if ((await draftIdOf(tx, facts.id, userId)) !== draftId) {
      throw conflict(MESSAGES.draftAlreadySent, "DRAFT_ALREADY_SENT");
    }
    const saved = typeof draft.content.text === "string" ? draft.content.text : "";
    const text = (body.text ?? saved).trim();
    if (!text) throw badRequest(MESSAGES.messageEmpty);
    const dialogueNode = oneRow(await tx.select().from(dnode).where(eq(dnode.id, facts.id)));
    await updateNodeRow(
      tx,
      draft,
      {
        name: draft.name || Array.from(text).slice(0, 50).join(""),
        content: {
          ...draft.content,
          ...params,
          text,
          self_status: "delegated",
          delegate_status: "delegated",
          dialogue_id: facts.id,
          persons: facts.participants.filter((id) => id !== userId),
          delegator_id: userId,
          sent_at: new Date().toISOString(),
        },
      },
      userId,
    );
    // Into the dialogue's tree, still the sender's: participants read it by their grant on that tree.
    await reanchorSubtree(tx, draft, facts.id, userId);
    await setMainPlace(tx, draft, facts.id, "CHAT");
    await insertRelation(tx, { xnode: facts.id, ynode: draftId, relationName: "CHAT", xorder: 1 });
    await recordMessage(tx, dialogueNode, { senderId: userId, text });
    const newDraftId = await insertDraft(tx, facts, userId);
    return { newDraftId, text };
  });

  const responder = responderFor(facts);
  const outcome = responder
    ? await responder.deliver({
        db,
        dialogue: facts,
        messageId: draftId,
        senderId: userId,
        text: sent.text,
        params,
      })
    : "pending";
  if (outcome === "delivered") await completeMessage(db, userId, draftId);
  return { delegatedId: draftId, newDraftId: sent.newDraftId };
}

/** A delivered message: completed (people-spec 4: delegated, then completed when delivered). */
export async function completeMessage(db: Db, actorId: number, messageId: number): Promise<void> {
  await writeTransaction(db, actorId, async (tx) => {
    const row = oneRow(await tx.select().from(dnode).where(eq(dnode.id, messageId)).for("update"));
    if (row.content.self_status !== "delegated") return;
    const now = new Date().toISOString();
    await updateNodeRow(
      tx,
      row,
      {
        content: {
          ...row.content,
          self_status: "completed",
          delegate_status: "completed",
          delivered_at: now,
          end_time: now,
        },
      },
      actorId,
    );
  });
}
