import { type DialogueType, MESSAGE_PREVIEW_CHARS, MESSAGES } from "@zhishu/shared";
import { zh } from "../../i18n/zh-CN";
import type { Dnode } from "../dnode/types";
import type { DialogueNode } from "./api";

/** people-spec 5: a blank dialogue name falls back to its type's default title. */
const TYPE_TITLES: Record<DialogueType, string> = {
  user_to_user: MESSAGES.userDialogueTitle,
  user_to_ai: MESSAGES.aiDialogueTitle,
  group_chat: MESSAGES.groupChatTitle,
  topic: MESSAGES.topicDialogueTitle,
};

/** The title a dialogue shows: its name, else its type's default. */
export function dialogueTitle(node: Pick<DialogueNode, "name" | "content">): string {
  const name = node.name?.trim();
  if (name) return name;
  const type = node.content.dialogue_type as DialogueType | undefined;
  return TYPE_TITLES[type ?? "user_to_user"] ?? MESSAGES.userDialogueTitle;
}

/** people-spec 5: the last message's first 50 characters then …; 暂无消息 when there is none. */
export function messagePreview(text: string | null | undefined): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (!clean) return zh.dialogues.noMessages;
  const chars = Array.from(clean);
  return chars.length > MESSAGE_PREVIEW_CHARS ? `${chars.slice(0, MESSAGE_PREVIEW_CHARS).join("")}…` : clean;
}

/** Who the list item's avatar shows: the other person of a user-to-user dialogue, else the dialogue. */
export function avatarOf(node: DialogueNode, me: number | undefined): { name: string; url?: string } {
  if (node.content.dialogue_type === "user_to_user") {
    const other = node.content.participant_users?.find((u) => u.id !== me);
    if (other) return { name: other.username, url: other.avatar ?? undefined };
  }
  return { name: dialogueTitle(node) };
}

/** What kind of row a chat message is (people-spec 2 "Dialogue view"). */
export type MessageKind = "notice" | "friend_request" | "bubble";

export function messageKind(node: Dnode): MessageKind {
  if (node.content.system_action === "resource_added") return "notice";
  if (node.content.xtype === "FriendRequestProcess") return "friend_request";
  return "bubble";
}

/** The text of a message: its content text, else its name. */
export function messageText(node: Dnode): string {
  const text = node.content.text;
  return typeof text === "string" && text ? text : node.name;
}
