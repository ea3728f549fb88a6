import { MESSAGES, userAiChatsLogicId, userChatsLogicId } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { befriend, dialogueApi, people } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// Dialogues: making, finding by logic id, reading, the message list and read marks (people-spec 7).
const { server } = useTestServer();
const api = dialogueApi(server);

describe("find-or-create by logic id", () => {
  it("makes the pair's dialogue once and answers the same one to both, every time", async () => {
    const [a, b] = await people(server, 2);
    const logic = userChatsLogicId(a.user.id, b.user.id);
    const first = await api.findOrCreate(a, logic);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, created: true });
    const id = first.body.dialogue_id;
    expect(first.body.dialogue).toMatchObject({
      id,
      type: "DIALOGUE",
      // A made-up title shows each reader the other person's name.
      name: b.user.username,
      content: {
        dialogue_type: "user_to_user",
        dialogue_mode: "stranger",
        participants: [a.user.id, b.user.id],
        unread_count: 0,
        last_message_sender_info: null,
      },
    });
    expect(first.body.dialogue.content.participant_users).toEqual([
      { id: a.user.id, username: a.user.username, avatar: null },
      { id: b.user.id, username: b.user.username, avatar: null },
    ]);
    const again = await api.findOrCreate(b, logic);
    expect(again.body).toMatchObject({
      created: false,
      dialogue_id: id,
      dialogue: { name: a.user.username },
    });
  });

  it("answers one dialogue to many concurrent calls", async () => {
    const [a, b] = await people(server, 2);
    const logic = userChatsLogicId(a.user.id, b.user.id);
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.findOrCreate(i % 2 ? a : b, logic)),
    );
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(all.map((r) => r.body.dialogue_id)).size).toBe(1);
    expect(all.filter((r) => r.body.created)).toHaveLength(1);
    const listed = await api.list(a);
    expect(listed.body.dialogues.map((d: { id: number }) => d.id)).toEqual([all[0]!.body.dialogue_id]);
  });

  it("is only for a person the id names (403), and refuses malformed ids (400)", async () => {
    const [a, b, c] = await people(server, 3);
    const theirs = await api.findOrCreate(c, userChatsLogicId(a.user.id, b.user.id));
    expect(theirs.status).toBe(403);
    expect(theirs.body).toMatchObject({
      success: false,
      code: "LOGIC_ID_NOT_YOURS",
      error: MESSAGES.logicIdNotYours,
    });
    expect((await api.findOrCreate(c, userAiChatsLogicId(a.user.id))).status).toBe(403);
    const unsorted = `UserChats_${Math.max(a.user.id, b.user.id)}_${Math.min(a.user.id, b.user.id)}`;
    for (const bad of [
      unsorted,
      `UserChats_${a.user.id}_${a.user.id}`,
      "UserChats_",
      "Chats_1_2",
      "",
      `UserChats_${a.user.id}_x`,
    ]) {
      const res = await api.findOrCreate(a, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe(MESSAGES.logicIdInvalid);
    }
    const nobody = await api.findOrCreate(a, userChatsLogicId(a.user.id, 2_000_000_000));
    expect(nobody.status).toBe(400);
    expect(nobody.body.error).toBe(MESSAGES.participantNotFound);
    expect(
      (await call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", { token: a.access, body: {} }))
        .status,
    ).toBe(400);
  });

  it("makes a person's AI dialogue, in agent mode, titled 与AI的对话", async () => {
    const [a] = await people(server, 1);
    const res = await api.findOrCreate(a, userAiChatsLogicId(a.user.id));
    expect(res.body.dialogue).toMatchObject({
      name: MESSAGES.aiDialogueTitle,
      content: { dialogue_type: "user_to_ai", dialogue_mode: "agent", participants: [a.user.id] },
    });
    expect((await api.findOrCreate(a, userAiChatsLogicId(a.user.id))).body.dialogue_id).toBe(
      res.body.dialogue_id,
    );
  });
});

describe("POST /api/dialogue/create/", () => {
  it("a user dialogue is the pair's dialogue; a group chat takes the people named and a title", async () => {
    const [a, b, c] = await people(server, 3);
    const made = await api.create(a, { dialogue_type: "user_to_user", participants: [b.user.id], title: "" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      message: MESSAGES.dialogueCreated,
      dialogue: { name: b.user.username },
    });
    const pair = await api.findOrCreate(b, userChatsLogicId(a.user.id, b.user.id));
    expect(pair.body.dialogue_id).toBe(made.body.dialogue.id);

    const group = await api.create(a, {
      dialogue_type: "group_chat",
      participants: [b.user.id, c.user.id],
      title: "读书会",
    });
    expect(group.body.dialogue).toMatchObject({
      name: "读书会",
      content: {
        dialogue_type: "group_chat",
        dialogue_mode: "friend",
        participants: [a.user.id, b.user.id, c.user.id],
      },
    });
    const untitled = await api.create(a, {
      dialogue_type: "group_chat",
      participants: [b.user.id, c.user.id],
    });
    expect(untitled.body.dialogue.name).toBe([a, b, c].map((p) => p.user.username).join("、"));
    const topic = await api.create(a, { dialogue_type: "topic", participants: [c.user.id] });
    expect(topic.body.dialogue.name).toBe(MESSAGES.topicDialogueTitle);
    const ai = await api.create(a, { dialogue_type: "user_to_ai" });
    expect(ai.body.dialogue).toMatchObject({
      name: MESSAGES.aiDialogueTitle,
      content: { dialogue_mode: "agent" },
    });
  });

  it("a group chat with a GROUP user brings in its members, for members only", async () => {
    const [owner, member, outsider] = await people(server, 3);
    const group = await call(server, "POST", "/api/user/group/", {
      token: owner.access,
      body: { group_name: `组${owner.user.id}`, description: "" },
    });
    const groupId = group.body.group.id;
    await call(server, "POST", `/api/user/group/${groupId}/join/`, { token: member.access, body: {} });
    const chat = await api.create(member, { dialogue_type: "group_chat", participants: [groupId] });
    expect(chat.status).toBe(201);
    expect(chat.body.dialogue.name).toBe(`组${owner.user.id}`);
    expect([...chat.body.dialogue.content.participants].sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    const refused = await api.create(outsider, { dialogue_type: "group_chat", participants: [groupId] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.notGroupMemberForChat);
  });

  it("refuses bad input with 400 and a Chinese message, and anonymous callers with 401", async () => {
    const [a, b, c] = await people(server, 3);
    const cases: [Record<string, unknown>, string][] = [
      [{ dialogue_type: "group_chat", participants: [] }, MESSAGES.chooseParticipants],
      [{ dialogue_type: "user_to_user", participants: [a.user.id] }, MESSAGES.chooseParticipants],
      [
        { dialogue_type: "user_to_user", participants: [b.user.id, c.user.id] },
        MESSAGES.userDialogueOneOther,
      ],
      [{ dialogue_type: "group_chat", participants: [2_000_000_000] }, MESSAGES.participantNotFound],
      [{ dialogue_type: "chat_room", participants: [b.user.id] }, MESSAGES.dialogueTypeInvalid],
      [{ dialogue_type: "group_chat", participants: ["x"] }, MESSAGES.idInvalid],
    ];
    for (const [body, error] of cases) {
      const res = await api.create(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(error);
    }
    expect(
      (await call(server, "POST", "/api/dialogue/create/", { body: { dialogue_type: "topic" } })).status,
    ).toBe(401);
  });
});

describe("reading dialogues", () => {
  it("GET /api/dialogue/{id}/ gives participants the record and anybody else a 403", async () => {
    const [a, b, c] = await people(server, 3);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    await api.say(a, id, "你好");
    const res = await api.get(b, id);
    expect(res.status).toBe(200);
    expect(res.body.dialogue).toMatchObject({
      id,
      name: a.user.username,
      dialogue_type: "user_to_user",
      dialogue_mode: "friend",
      participants: [a.user.id, b.user.id],
      // The friend request's card, then the message.
      chat_total: 2,
      chat_has_more: false,
      resources: [],
      conclusions: [],
      sub_dialogues: [],
    });
    expect(res.body.dialogue.chat_messages.map((m: { xtype: string }) => m.xtype)).toEqual([
      "FriendRequestProcess",
      "AskProcess",
    ]);
    expect(res.body.dialogue.chat_messages[1].content.text).toBe("你好");
    const outsider = await api.get(c, id);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ code: "DIALOGUE_FORBIDDEN", error: MESSAGES.dialogueForbidden });
    // The node calls follow the same rule: an outsider reads neither the dialogue nor its messages.
    expect((await call(server, "GET", `/api/dnode/${id}`, { token: c.access })).status).toBe(403);
    const messageId = res.body.dialogue.chat_messages[1].id;
    expect((await call(server, "GET", `/api/dnode/${messageId}`, { token: c.access })).status).toBe(403);
    expect((await call(server, "GET", `/api/dnode/${messageId}`, { token: b.access })).status).toBe(200);
    expect((await api.get(a, 2_000_000_000)).status).toBe(404);
    expect((await call(server, "GET", `/api/dnode/${id}/`.replace("dnode", "dialogue"))).status).toBe(401);
    expect((await call(server, "GET", "/api/dialogue/abc/", { token: a.access })).status).toBe(400);
  });

  it("lists the reader's dialogues by latest activity, with preview, sender and unread counts; read clears", async () => {
    const [a, b, c] = await people(server, 3);
    await befriend(server, a, b);
    await befriend(server, a, c);
    const withB = await api.pair(a, b);
    const withC = await api.pair(a, c);
    await api.say(b, withB, "第一条");
    await api.say(c, withC, "来自C");
    await api.say(b, withB, "第二条");
    const list = await api.list(a, "?limit=20");
    expect(list.status).toBe(200);
    expect(list.body.unread_total).toBe(3);
    expect(list.body.dialogues.map((d: { id: number }) => d.id)).toEqual([withB, withC]);
    expect(list.body.dialogues[0].content).toMatchObject({
      unread_count: 2,
      last_message_content: "第二条",
      last_message_sender: b.user.id,
      last_message_sender_info: { id: b.user.id, username: b.user.username, avatar: null },
    });
    expect((await api.list(b)).body.dialogues[0].content.unread_count).toBe(0);
    expect((await api.list(a, "?limit=1")).body.dialogues).toHaveLength(1);
    const read = await api.read(a, withB);
    expect(read.body).toEqual({ success: true, unread_count: 0, unread_total: 1 });
    expect((await api.list(a)).body.dialogues[0].content.unread_count).toBe(0);
    expect((await api.read(c, withB)).status).toBe(403);
    for (const bad of ["?limit=0", "?limit=101", "?limit=abc", "?offset=-1"])
      expect((await api.list(a, bad)).status, bad).toBe(400);
    expect((await call(server, "GET", "/api/dialogue/messages/")).status).toBe(401);
    expect((await call(server, "POST", `/api/dialogue/${withB}/read/`, { body: {} })).status).toBe(401);
  });

  it("does not list dialogues among the trees shared with a participant", async () => {
    const [a, b] = await people(server, 2);
    await api.pair(a, b);
    const received = await call(
      server,
      "GET",
      `/api/user/public-anchors/?user_id=${b.user.id}&type=received`,
      {
        token: b.access,
      },
    );
    expect(received.status).toBe(200);
    expect(received.body.results).toEqual([]);
  });
});
