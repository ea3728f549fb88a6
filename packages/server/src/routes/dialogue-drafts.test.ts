import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { registerDialogueResponder } from "../services/dialogues/responder";
import { call } from "../test/client";
import { befriend, dialogueApi, people, setBlock } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// Drafts and sending (people-spec 4 "Draft AskProcess", 5 "Sending a draft requires non-empty text").
const { server } = useTestServer();
const api = dialogueApi(server);

describe("GET /api/dialogue/{id}/draft/", () => {
  it("gives each participant one draft AskProcess of their own, the same on every call", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const first = await api.draft(a, id);
    expect(first.status).toBe(200);
    expect(first.body.draft_process).toMatchObject({
      type: "PROCESS",
      xtype: "AskProcess",
      owner_id: a.user.id,
      content: { xtype: "AskProcess", self_status: "draft", text: "", dialogue_id: id, persons: [b.user.id] },
      permissions: { read: true, write: true, admin: true },
    });
    expect((await api.draft(a, id)).body.draft_process.id).toBe(first.body.draft_process.id);
    const bs = await api.draft(b, id);
    expect(bs.body.draft_process.id).not.toBe(first.body.draft_process.id);
    // A draft is its writer's alone.
    const peek = await call(server, "GET", `/api/dnode/${first.body.draft_process.id}`, { token: b.access });
    expect(peek.status).toBe(403);
  });

  it("answers one draft to many concurrent first calls", async () => {
    const [a, b] = await people(server, 2);
    const id = await api.pair(a, b);
    const all = await Promise.all(Array.from({ length: 8 }, () => api.draft(a, id)));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(all.map((r) => r.body.draft_process.id)).size).toBe(1);
  });

  it("is for participants only (403), 404 for no dialogue, 401 anonymous, 400 bad ids", async () => {
    const [a, b, c] = await people(server, 3);
    const id = await api.pair(a, b);
    const res = await api.draft(c, id);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("DIALOGUE_FORBIDDEN");
    expect((await api.draft(a, 2_000_000_000)).status).toBe(404);
    expect((await call(server, "GET", `/api/dialogue/${id}/draft/`)).status).toBe(401);
    expect((await call(server, "GET", "/api/dialogue/0/draft/", { token: a.access })).status).toBe(400);
  });

  it("never shows drafts in process lists", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const draft = (await api.draft(a, id)).body.draft_process;
    const mine = await call(server, "GET", "/api/process/my_processes/?page_size=100", { token: a.access });
    const ids = mine.body.results.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(draft.id);
    const inDialogue = await call(server, "GET", `/api/process/my_processes/?dialogue_id=${id}`, {
      token: a.access,
    });
    expect(inDialogue.body.results).toEqual([]);
    await api.say(a, id, "发出的消息");
    const after = await call(server, "GET", `/api/process/my_processes/?dialogue_id=${id}`, {
      token: b.access,
    });
    expect(after.body.results.map((p: { content: { text: string } }) => p.content.text)).toEqual([
      "发出的消息",
    ]);
  });
});

describe("POST /api/process/{id}/delegate-and-create-new/", () => {
  it("sends the draft as the dialogue's newest message and makes a new empty draft", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const draft = (await api.draft(a, id)).body.draft_process;
    await call(server, "POST", `/api/dnode/${draft.id}/update`, {
      token: a.access,
      body: { content: { ...draft.content, text: "  自动保存的草稿  " } },
    });
    const sent = await api.delegate(a, draft.id, { strategy: "direct", selected_process_ids: [draft.id] });
    expect(sent.status).toBe(200);
    expect(sent.body.delegated_process).toMatchObject({
      id: draft.id,
      parent_id: id,
      main_relation: "CHAT",
      anchor_id: id,
      content: {
        text: "自动保存的草稿",
        strategy: "direct",
        selected_process_ids: [draft.id],
        dialogue_id: id,
        delegator_id: a.user.id,
        persons: [b.user.id],
        // Delivered to a person at once: delegated, then completed.
        self_status: "completed",
        delegate_status: "completed",
      },
    });
    expect(sent.body.new_draft_process).toMatchObject({
      content: { self_status: "draft", text: "", dialogue_id: id },
    });
    expect(sent.body.new_draft_process.id).not.toBe(draft.id);
    expect((await api.draft(a, id)).body.draft_process.id).toBe(sent.body.new_draft_process.id);
    // The other person reads it in the dialogue and through the node calls.
    const seen = await api.get(b, id);
    expect(seen.body.dialogue.chat_messages.at(-1).id).toBe(draft.id);
    expect((await call(server, "GET", `/api/dnode/${draft.id}`, { token: b.access })).status).toBe(200);
    // Sending it again is a conflict: it is a message now.
    const again = await api.delegate(a, draft.id, { text: "再发一次" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MESSAGES.draftAlreadySent);
  });

  it("the text given replaces the saved one; empty text after trimming is a 400", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const draft = (await api.draft(a, id)).body.draft_process;
    for (const text of [undefined, "", "   \n\t "]) {
      const res = await api.delegate(a, draft.id, text === undefined ? {} : { text });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: MESSAGES.messageEmpty });
    }
    expect((await api.draft(a, id)).body.draft_process.id).toBe(draft.id);
    // No body at all: the saved text (empty here) is sent, and refused the same way.
    const bare = await call(server, "POST", `/api/process/${draft.id}/delegate-and-create-new/`, {
      token: a.access,
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe(MESSAGES.messageEmpty);
    const readBare = await call(server, "POST", `/api/dialogue/${id}/read/`, { token: a.access });
    expect(readBare.status).toBe(200);
    const sent = await api.delegate(a, draft.id, { text: " 你好 " });
    expect(sent.body.delegated_process.content.text).toBe("你好");
  });

  it("refuses other people's drafts, non-drafts and bad params", async () => {
    const [a, b, c] = await people(server, 3);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const draft = (await api.draft(a, id)).body.draft_process;
    expect((await api.delegate(b, draft.id, { text: "冒充" })).status).toBe(403);
    expect((await api.delegate(c, draft.id, { text: "冒充" })).status).toBe(403);
    const plain = await call(server, "POST", "/api/dnode/create/", {
      token: a.access,
      body: { name: "普通流程", type: "PROCESS" },
    });
    const notDraft = await api.delegate(a, plain.body.dnode.id, { text: "x" });
    expect(notDraft.status).toBe(400);
    expect(notDraft.body.error).toBe(MESSAGES.notADialogueDraft);
    expect((await api.delegate(a, 2_000_000_000, { text: "x" })).status).toBe(404);
    for (const body of [
      { strategy: "fastest" },
      { text: 5 },
      { selected_process_ids: ["a"] },
      { text: "x".repeat(20_001) },
    ])
      expect((await api.delegate(a, draft.id, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    expect(
      (await call(server, "POST", `/api/process/${draft.id}/delegate-and-create-new/`, { body: {} })).status,
    ).toBe(401);
  });

  it("sends a draft once however often it is sent at the same moment; every message is counted", async () => {
    const [a, b, c, d, e] = await people(server, 5);
    const others = [b, c, d, e];
    const id = (
      await api.create(a, { dialogue_type: "group_chat", participants: others.map((p) => p.user.id) })
    ).body.dialogue.id;
    const draft = (await api.draft(a, id)).body.draft_process;
    const twice = await Promise.all([
      api.delegate(a, draft.id, { text: "一" }),
      api.delegate(a, draft.id, { text: "一" }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    // Four people send at the same moment: all four land, and a has all four unread.
    const sent = await Promise.all(others.map((p, i) => api.say(p, id, `消息${i}`)));
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await api.get(a, id)).body.dialogue.chat_total).toBe(5);
    expect((await api.list(a)).body).toMatchObject({
      unread_total: 4,
      dialogues: [{ content: { unread_count: 4 } }],
    });
  });

  it("leaves a message to the AI delegated: it waits for a responder", async () => {
    const [a] = await people(server, 1);
    const made = await api.create(a, { dialogue_type: "user_to_ai" });
    const sent = await api.say(a, made.body.dialogue.id, "请解释一下");
    expect(sent.status).toBe(200);
    expect(sent.body.delegated_process.content).toMatchObject({
      self_status: "delegated",
      delegate_status: "delegated",
    });
  });

  it("hands a message to the responder plugged in for its dialogue, which completes it by delivering", async () => {
    const [a] = await people(server, 1);
    const handed: { messageId: number; text: string; params: Record<string, unknown> }[] = [];
    const unplug = registerDialogueResponder({
      name: "test-ai",
      serves: (dialogue) => dialogue.type === "user_to_ai",
      deliver: async (message) => {
        handed.push({ messageId: message.messageId, text: message.text, params: message.params });
        return "delivered";
      },
    });
    try {
      const made = await api.create(a, { dialogue_type: "user_to_ai" });
      const draft = (await api.draft(a, made.body.dialogue.id)).body.draft_process;
      const sent = await api.delegate(a, draft.id, { text: "解释一下", strategy: "smart" });
      expect(handed).toEqual([{ messageId: draft.id, text: "解释一下", params: { strategy: "smart" } }]);
      expect(sent.body.delegated_process.content.self_status).toBe("completed");
    } finally {
      unplug();
    }
  });
});

describe("dialogue modes (people-spec 4, 6)", () => {
  it("strangers may not send plain messages; the mode follows friendship and blocks as they change", async () => {
    const [a, b] = await people(server, 2);
    const id = await api.pair(a, b);
    const refused = await api.say(a, id, "在吗");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "DIALOGUE_STRANGER",
      error: "你们还不是好友，只能发送好友请求消息",
    });
    expect((await api.get(a, id)).body.dialogue.dialogue_mode).toBe("stranger");

    await befriend(server, a, b);
    expect((await api.get(b, id)).body.dialogue.dialogue_mode).toBe("friend");
    expect((await api.say(a, id, "在吗")).status).toBe(200);

    await setBlock(server, b, a, true);
    for (const who of [a, b]) {
      expect((await api.get(who, id)).body.dialogue.dialogue_mode).toBe("blocked");
      const blocked = await api.say(who, id, "还在吗");
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ code: "DIALOGUE_BLOCKED", error: "此对话已被拉黑，无法发送消息" });
    }
    await setBlock(server, b, a, false);
    expect((await api.get(a, id)).body.dialogue.dialogue_mode).toBe("friend");
    expect((await api.say(b, id, "回来了")).status).toBe(200);

    await call(server, "POST", "/api/user/friend/remove/", { token: a.access, body: { user_id: b.user.id } });
    expect((await api.list(b)).body.dialogues[0].content.dialogue_mode).toBe("stranger");
    expect((await api.say(b, id, "还是朋友吗")).status).toBe(403);
  });

  it("a friend request is the stranger dialogue's message: a card the target can accept", async () => {
    const [a, b] = await people(server, 2);
    const sent = await call(server, "POST", "/api/user/friend/request/", {
      token: a.access,
      body: { user_id: b.user.id, greeting_message: "交个朋友" },
    });
    expect(sent.status).toBe(201);
    const [inbox] = (await api.list(b)).body.dialogues;
    expect(inbox).toMatchObject({
      name: a.user.username,
      content: {
        dialogue_mode: "stranger",
        unread_count: 1,
        last_message_content: "好友请求：交个朋友",
        last_message_sender: a.user.id,
      },
    });
    expect(inbox.id).toBe(await api.pair(b, a));
    const card = (await api.get(b, inbox.id)).body.dialogue.chat_messages[0];
    expect(card).toMatchObject({ id: sent.body.process_id, xtype: "FriendRequestProcess" });
    await call(server, "POST", `/api/dnode/call_action/${card.id}/accept_friend`, {
      token: b.access,
      body: {},
    });
    expect((await api.get(a, inbox.id)).body.dialogue.dialogue_mode).toBe("friend");
  });

  it("group chats, topics and AI dialogues are free", async () => {
    const [a, b] = await people(server, 2);
    const group = (await api.create(a, { dialogue_type: "group_chat", participants: [b.user.id] })).body
      .dialogue;
    expect((await api.say(b, group.id, "大家好")).status).toBe(200);
    const topic = (await api.create(a, { dialogue_type: "topic", participants: [b.user.id] })).body.dialogue;
    expect((await api.say(a, topic.id, "话题")).status).toBe(200);
  });
});
