import {
  type DelegateDraftJson,
  type DialogueListJson,
  type DialogueReaderFields,
  type DialogueReadJson,
  type DialogueRecordJson,
  type DialogueType,
  type DraftJson,
  MESSAGE_LIST_LIMIT,
  userAgentChatsLogicId,
  userAiChatsLogicId,
  userChatsLogicId,
} from "@zhishu/shared";
import { api } from "../../api/client";
import { outlineApi } from "../dnode/api";
import type { Dnode, Relation } from "../dnode/types";

/**
 * The dialogue calls of people-spec 7 "Dialogues and drafts" (docs/API.md "Dialogues"), typed for the
 * web. Dialogues, messages and drafts are dnodes; the reader's fields ride in a dialogue's content.
 */

/** A DIALOGUE node as its reader gets it: stored summary plus the reader's fields. */
export interface DialogueNode extends Dnode {
  content: Dnode["content"] &
    Partial<DialogueReaderFields> & {
      last_message_time?: string | null;
      last_message_content?: string | null;
      last_message_sender?: number | null;
      created_time?: string;
    };
}

/** GET /api/dialogue/{id}/: the record, one page of its messages (oldest first) and its attachments. */
export type DialogueRecord = Omit<
  DialogueRecordJson,
  "chat_messages" | "resources" | "conclusions" | "sub_dialogues" | "dnode"
> & {
  chat_messages: Dnode[];
  resources: Dnode[];
  conclusions: Dnode[];
  sub_dialogues: Dnode[];
  dnode: DialogueNode;
};

/** GET /api/dialogue/messages/ as the web reads it (the contract's `success` is not read). */
export type DialogueList = Pick<DialogueListJson, "unread_total"> & { dialogues: DialogueNode[] };

/** The named node fields of a contract's answer, as the web holds nodes. */
type NodesOf<T, K extends keyof T> = { [F in K]: Dnode };

/** TanStack Query keys: every dialogue query starts with "dialogues", so one live event refreshes them all. */
export const dialogueKeys = {
  all: ["dialogues"] as const,
  list: () => ["dialogues", "list"] as const,
  record: (id: number) => ["dialogues", "record", id] as const,
  draft: (id: number) => ["dialogues", "draft", id] as const,
};

export const dialogueApi = {
  /** The reader's dialogues, latest activity first, with the unread total (people-spec 9: limit 20). */
  list: (limit = MESSAGE_LIST_LIMIT) =>
    api.get<DialogueList & { success: boolean }>("/dialogue/messages/", { limit }),
  /** The record with one page of messages: page 1 is the newest 20. */
  get: (id: number, chatPage = 1) =>
    api
      .get<{ dialogue: DialogueRecord }>(`/dialogue/${id}/`, { chat_page: chatPage })
      .then((r) => r.dialogue),
  create: (body: { dialogue_type: DialogueType; participants: number[]; title: string }) =>
    api.post<{ dialogue: DialogueNode; message: string }>("/dialogue/create/", body).then((r) => r.dialogue),
  findOrCreate: (logicId: string, title = "") =>
    api
      .post<{ dialogue_id: number; dialogue: DialogueNode }>("/dialogue/find-or-create-by-logic-id/", {
        logic_id: logicId,
        title,
      })
      .then((r) => r.dialogue),
  /** The pair's one user-to-user dialogue (logic id UserChats_ + both ids sorted). */
  withUser: (me: number, other: number) => dialogueApi.findOrCreate(userChatsLogicId(me, other)),
  /** The person's dialogue with the AI (logic id UserAiChats_ + their id). */
  withAi: (me: number) => dialogueApi.findOrCreate(userAiChatsLogicId(me)),
  /** The person's dialogue with one AGENT node (logic id UserAiChats_ + their id + _ + the agent's id). */
  withAgent: (me: number, agentId: number) => dialogueApi.findOrCreate(userAgentChatsLogicId(me, agentId)),
  add: (id: number, contentType: "chat" | "resource" | "conclusion" | "sub_dialogue", nodeId: number) =>
    api.post<{ relation: Relation; message: string }>(`/dialogue/${id}/add/`, {
      content_type: contentType,
      node_id: nodeId,
    }),
  markRead: (id: number) =>
    api.post<Pick<DialogueReadJson, "unread_count" | "unread_total">>(`/dialogue/${id}/read/`, {}),
  /** The caller's one draft in the dialogue (made on first ask). */
  draft: (id: number) =>
    api.get<NodesOf<DraftJson, "draft_process">>(`/dialogue/${id}/draft/`).then((r) => r.draft_process),
  /** Autosave: the draft's text merged into its content. */
  saveDraft: (draftId: number, text: string) => outlineApi.update(draftId, { content: { text } }),
  /** Sends the draft with this text; the answer carries the message and the new empty draft. */
  send: (draftId: number, text: string) =>
    api.post<NodesOf<DelegateDraftJson, "delegated_process" | "new_draft_process">>(
      `/process/${draftId}/delegate-and-create-new/`,
      { text },
    ),
};
