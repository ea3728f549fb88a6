import { z } from "zod";
import { MESSAGES } from "../messages";
import { idParamSchema, idSchema } from "./common";

/** people-spec 3 "Dialogue node content": the kinds of dialogue and the modes they can be in. */
export const DIALOGUE_TYPES = ["user_to_user", "user_to_ai", "group_chat", "topic"] as const;
export type DialogueType = (typeof DIALOGUE_TYPES)[number];
export const DIALOGUE_MODES = ["stranger", "friend", "blocked", "agent"] as const;
export type DialogueMode = (typeof DIALOGUE_MODES)[number];

/** What POST /api/dialogue/{id}/add/ attaches, and the relation each becomes (dialogue on the x side). */
export const DIALOGUE_CONTENT_RELATIONS = {
  chat: "CHAT",
  resource: "RESOURCE",
  conclusion: "CONCLUSION",
  sub_dialogue: "SUB_DIALOGUE",
} as const;
export type DialogueContentType = keyof typeof DIALOGUE_CONTENT_RELATIONS;

/** Send strategies of a draft (people-spec 4, 9). */
export const SEND_STRATEGIES = ["direct", "smart", "specify"] as const;

/** people-spec 9: message pages of 20, message list limit 20, previews of 50 characters. */
export const CHAT_PAGE_SIZE = 20;
export const MESSAGE_LIST_LIMIT = 20;
export const MESSAGE_PREVIEW_CHARS = 50;
export const MAX_DIALOGUE_PARTICIPANTS = 200;
export const MESSAGE_MAX_CHARS = 20_000;

/** Logical ids (people-spec 3): UserChats_ + the two user ids ascending, joined by _; UserAiChats_ + the user id. */
export const USER_CHATS_PREFIX = "UserChats_";
export const USER_AI_CHATS_PREFIX = "UserAiChats_";

/** The logical id of the user-to-user dialogue between two people. */
export const userChatsLogicId = (a: number, b: number): string =>
  `${USER_CHATS_PREFIX}${[a, b].sort((x, y) => x - y).join("_")}`;

/** The logical id of a person's dialogue with the AI. */
export const userAiChatsLogicId = (userId: number): string => `${USER_AI_CHATS_PREFIX}${userId}`;

/**
 * The logical id of a person's dialogue with one AGENT node (/xiaoxi?agent_id=…). The spec names only
 * UserAiChats_ + the user id; a draft's context is "AiChats with agent id" (people-spec 4), so an agent's
 * dialogue is that id followed by _ and the agent node's id: one dialogue per person and agent.
 */
export const userAgentChatsLogicId = (userId: number, agentId: number): string =>
  `${USER_AI_CHATS_PREFIX}${userId}_${agentId}`;

/** A logic id read: which kind of dialogue it names and whose (ids ascending); null when malformed. */
export function parseLogicId(
  logicId: string,
):
  | { kind: "user_to_user"; userIds: [number, number] }
  | { kind: "user_to_ai"; userIds: [number]; agentId?: number }
  | null {
  const pair = /^UserChats_([1-9]\d{0,9})_([1-9]\d{0,9})$/.exec(logicId);
  if (pair) {
    const a = Number(pair[1]);
    const b = Number(pair[2]);
    // Sorted and two different people: the one spelling of the pair.
    if (!(a < b) || b > 2_147_483_647) return null;
    return { kind: "user_to_user", userIds: [a, b] };
  }
  const ai = /^UserAiChats_([1-9]\d{0,9})(?:_([1-9]\d{0,9}))?$/.exec(logicId);
  if (!ai || Number(ai[1]) > 2_147_483_647) return null;
  if (ai[2] === undefined) return { kind: "user_to_ai", userIds: [Number(ai[1])] };
  const agentId = Number(ai[2]);
  return agentId > 2_147_483_647 ? null : { kind: "user_to_ai", userIds: [Number(ai[1])], agentId };
}

const titleSchema = z.string().max(200, MESSAGES.nameTooLong).optional().default("");

/** POST /api/dialogue/create/ */
export const createDialogueBody = z.object({
  dialogue_type: z.enum(DIALOGUE_TYPES, { error: MESSAGES.dialogueTypeInvalid }),
  participants: z
    .array(idSchema)
    .max(MAX_DIALOGUE_PARTICIPANTS, MESSAGES.tooManyParticipants)
    .optional()
    .default([]),
  title: titleSchema,
});
export type CreateDialogueBody = z.infer<typeof createDialogueBody>;

/** GET /api/dialogue/messages/?limit&offset */
export const dialogueListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_LIST_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type DialogueListQuery = z.infer<typeof dialogueListQuery>;

/** GET /api/dialogue/{id}/?chat_page */
export const dialogueQuery = z.object({
  chat_page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** POST /api/dialogue/{id}/add/ */
export const addToDialogueBody = z.object({
  content_type: z.enum(["chat", "resource", "conclusion", "sub_dialogue"], {
    error: MESSAGES.contentTypeInvalid,
  }),
  node_id: idSchema,
});
export type AddToDialogueBody = z.infer<typeof addToDialogueBody>;

/** POST /api/dialogue/convert-ask-process/ */
export const convertAskProcessBody = z.object({ ask_process_id: idSchema });

/** POST /api/dialogue/find-or-create-by-logic-id/ {logic_id, …extra dialogue data (title)} */
export const findOrCreateDialogueBody = z.object({
  logic_id: z.string({ error: MESSAGES.logicIdInvalid }).max(64, MESSAGES.logicIdInvalid),
  title: titleSchema,
});

/** POST /api/process/{id}/delegate-and-create-new/: optional text or strategy params (people-spec 3). */
export const delegateDraftBody = z.object({
  text: z.string().max(MESSAGE_MAX_CHARS, MESSAGES.messageTooLong).optional(),
  strategy: z.enum(SEND_STRATEGIES).optional(),
  specific_method: z
    .union([z.string().max(200), idSchema])
    .nullable()
    .optional(),
  selected_process_ids: z.array(idSchema).max(500).optional(),
  idtree_resources: z.array(idSchema).max(500).optional(),
  idtree_format: z.string().max(20).optional(),
});
export type DelegateDraftBody = z.infer<typeof delegateDraftBody>;

/** `{id}` of a dialogue or process in a path. */
export const dialogueIdParams = z.object({ id: idParamSchema });
