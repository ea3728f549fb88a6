import { describe, expect, it } from "vitest";
import type { DialogueNode } from "./api";
import { dialogueTitle, messageKind, messagePreview } from "./display";

const node = (name: string, dialogue_type: string) =>
  ({ name, content: { dialogue_type } }) as unknown as DialogueNode;

describe("dialogue display rules (people-spec 5)", () => {
  it("previews 50 characters then …, and 暂无消息 when there is no message", () => {
    expect(messagePreview("字".repeat(50))).toBe("字".repeat(50));
    expect(messagePreview("字".repeat(51))).toBe(`${"字".repeat(50)}…`);
    // Characters, not UTF-16 units: an emoji counts once.
    expect(messagePreview("😀".repeat(51))).toBe(`${"😀".repeat(50)}…`);
    expect(messagePreview("")).toBe("暂无消息");
    expect(messagePreview(null)).toBe("暂无消息");
    expect(messagePreview("  第一行\n第二行 ")).toBe("第一行 第二行");
  });

  it("falls back to the type's default title when the name is blank", () => {
    expect(dialogueTitle(node("读书会", "group_chat"))).toBe("读书会");
    expect(dialogueTitle(node(" ", "user_to_ai"))).toBe("与AI的对话");
    expect(dialogueTitle(node("", "group_chat"))).toBe("群聊");
    expect(dialogueTitle(node("", "topic"))).toBe("话题讨论");
    expect(dialogueTitle(node("", "user_to_user"))).toBe("用户对话");
  });

  it("tells a resource notice and a friend request from a chat bubble", () => {
    const n = (content: Record<string, unknown>) => ({ id: 1, name: "", content }) as never;
    expect(messageKind(n({ system_action: "resource_added" }))).toBe("notice");
    expect(messageKind(n({ xtype: "FriendRequestProcess" }))).toBe("friend_request");
    expect(messageKind(n({ xtype: "AskProcess", text: "你好" }))).toBe("bubble");
  });
});
