import { z } from "zod";
import { DIALOGUE_MODES, DIALOGUE_TYPES } from "../schemas/dialogue";
import { dnodeJsonSchema, relationJsonSchema } from "./dnode";

/** A participant as a dialogue shows them (people-spec 3 participant_users). */
export const dialogueUserSchema = z
  .object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })
  .meta({ id: "DialogueUser" });
export type DialogueUser = z.infer<typeof dialogueUserSchema>;

/**
 * What a reader sees in a DIALOGUE node's content beyond what is stored: computed for each reader on
 * every read (unread count, mode as friendship and blocks stand now, the people).
 */
export const dialogueReaderFieldsSchema = z.object({
  dialogue_type: z.enum(DIALOGUE_TYPES),
  dialogue_mode: z.enum(DIALOGUE_MODES),
  participants: z.array(z.number().int()),
  participant_users: z.array(dialogueUserSchema),
  unread_count: z.number().int(),
  last_message_sender_info: dialogueUserSchema.nullable(),
});
export type DialogueReaderFields = z.infer<typeof dialogueReaderFieldsSchema>;

/** POST /api/dialogue/create/ (201). */
export const createDialogueResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  dialogue: dnodeJsonSchema,
});

/** GET /api/dialogue/{id}/: the dialogue record (people-spec 3), its newest chat page and its attachments. */
export const dialogueRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dialogue_type: z.enum(DIALOGUE_TYPES),
  dialogue_mode: z.enum(DIALOGUE_MODES),
  participants: z.array(z.number().int()),
  participant_users: z.array(dialogueUserSchema),
  created_at: z.string(),
  /** One page of messages (20), oldest first as a chat shows them; `chat_page` 1 is the newest. */
  chat_messages: z.array(dnodeJsonSchema),
  chat_total: z.number().int(),
  chat_has_more: z.boolean(),
  resources: z.array(dnodeJsonSchema),
  conclusions: z.array(dnodeJsonSchema),
  sub_dialogues: z.array(dnodeJsonSchema),
  /** The DIALOGUE node itself, with the reader's fields in its content. */
  dnode: dnodeJsonSchema,
});
export type DialogueRecordJson = z.infer<typeof dialogueRecordSchema>;
export const dialogueResponse = z.object({ success: z.boolean(), dialogue: dialogueRecordSchema });

/** GET /api/dialogue/messages/: the reader's dialogues, latest activity first. */
export const dialogueListResponse = z.object({
  success: z.boolean(),
  dialogues: z.array(dnodeJsonSchema),
  /** Unread messages over all the reader's dialogues (the header's 我的消息 badge). */
  unread_total: z.number().int(),
});
export type DialogueListJson = z.infer<typeof dialogueListResponse>;

/** POST /api/dialogue/{id}/add/ */
export const addToDialogueResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  relation: relationJsonSchema,
});

/** POST /api/dialogue/convert-ask-process/ */
export const convertAskProcessResponse = z.object({ success: z.boolean(), dialogue_id: z.number().int() });

/** POST /api/dialogue/find-or-create-by-logic-id/ */
export const findOrCreateDialogueResponse = z.object({
  success: z.boolean(),
  created: z.boolean(),
  dialogue_id: z.number().int(),
  dialogue: dnodeJsonSchema,
});

/** POST /api/dialogue/{id}/read/ */
export const dialogueReadResponse = z.object({
  success: z.boolean(),
  unread_count: z.number().int(),
  unread_total: z.number().int(),
});
export type DialogueReadJson = z.infer<typeof dialogueReadResponse>;

/** GET /api/dialogue/{id}/draft/ */
export const draftResponse = z.object({ success: z.boolean(), draft_process: dnodeJsonSchema });
export type DraftJson = z.infer<typeof draftResponse>;

/** POST /api/process/{id}/delegate-and-create-new/ */
export const delegateDraftResponse = z.object({
  success: z.boolean(),
  delegated_process: dnodeJsonSchema,
  new_draft_process: dnodeJsonSchema,
});
export type DelegateDraftJson = z.infer<typeof delegateDraftResponse>;
