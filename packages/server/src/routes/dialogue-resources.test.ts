import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { befriend, dialogueApi, people, setBlock } from "../test/dialogues";
import { createNode } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

// Attaching nodes to a dialogue (people-spec 5 "for a non-AI dialogue the other participant must first
// have read permission on the node"), converting an ask into a dialogue, and chat paging.
const { server } = useTestServer();
const api = dialogueApi(server);

describe("POST /api/dialogue/{id}/add/", () => {
  it("refuses a resource the other person cannot read with the 授权访问 code; after a grant it attaches", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const { dnode: node } = await createNode(server, a.access, { name: "资料一" });
    const refused = await api.add(a, id, "resource", node.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: "PARTICIPANT_NEEDS_ACCESS",
      error: `用户 ${b.user.username} 没有访问该知识点的权限`,
      details: {
        node_id: String(node.id),
        user_id: String(b.user.id),
        user_name: b.user.username,
        can_grant: "true",
      },
    });
    // What the 授权访问 dialog does, then the same call again.
    const granted = await call(server, "POST", "/api/anchor-auth/manage/", {
      token: a.access,
      body: { dnode_id: node.id, user_id: b.user.id, auth_type: "read" },
    });
    expect(granted.status).toBe(200);
    const added = await api.add(a, id, "resource", node.id);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      success: true,
      message: MESSAGES.resourceAdded,
      relation: { xnode: id, ynode: node.id, relation_name: "RESOURCE" },
    });
    const seen = await api.get(b, id);
    expect(seen.body.dialogue.resources.map((n: { id: number }) => n.id)).toEqual([node.id]);
    // The chat shows a notice, and it is the dialogue's last message.
    const notice = seen.body.dialogue.chat_messages.at(-1);
    expect(notice.content).toMatchObject({
      system_action: "resource_added",
      node_id: node.id,
      actor_id: a.user.id,
    });
    expect((await api.list(b)).body.dialogues[0].content).toMatchObject({
      last_message_content: MESSAGES.resourceAddedText.replace("{name}", "资料一"),
      unread_count: 1,
    });
    // The reference page of the dialogue lists it through the ordinary relation read.
    const page = await call(server, "GET", `/api/dnode/${id}/relations_with_data/?relation_names=RESOURCE`, {
      token: b.access,
    });
    expect(page.body.related_nodes.map((n: { id: number }) => n.id)).toEqual([node.id]);
    expect((await api.add(a, id, "resource", node.id)).status).toBe(409);
  });

  it("says when the caller cannot grant either, and refuses nodes the caller cannot read", async () => {
    const [a, b, owner] = await people(server, 3);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const { dnode: shared } = await createNode(server, owner.access, { name: "别人的" });
    const cannot = await api.add(a, id, "resource", shared.id);
    expect(cannot.status).toBe(403);
    expect(cannot.body.code).toBe("FORBIDDEN");
    expect(cannot.body.error).toBe(MESSAGES.nodeForbidden);
    await call(server, "POST", "/api/anchor-auth/manage/", {
      token: owner.access,
      body: { dnode_id: shared.id, user_id: a.user.id, auth_type: "read" },
    });
    const noGrant = await api.add(a, id, "resource", shared.id);
    expect(noGrant.status).toBe(403);
    expect(noGrant.body).toMatchObject({
      code: "PARTICIPANT_NEEDS_ACCESS",
      error: `您没有权限访问该知识点，且无法为用户 ${b.user.username} 授权`,
      details: { can_grant: "false", user_id: String(b.user.id) },
    });
  });

  it("attaches freely in an AI dialogue; chat, conclusion and sub-dialogue too", async () => {
    const [a, b] = await people(server, 2);
    const ai = (await api.create(a, { dialogue_type: "user_to_ai" })).body.dialogue.id;
    const { dnode: node } = await createNode(server, a.access, { name: "私人笔记" });
    expect((await api.add(a, ai, "resource", node.id)).status).toBe(200);
    expect((await api.add(a, ai, "conclusion", node.id)).status).toBe(200);
    const { dnode: ask } = await createNode(server, a.access, {
      name: "一个问题",
      type: "PROCESS",
      content: { text: "为什么" },
    });
    expect((await api.add(a, ai, "chat", ask.id)).status).toBe(200);
    const other = (await api.create(a, { dialogue_type: "user_to_ai", title: "子对话" })).body.dialogue.id;
    expect((await api.add(a, ai, "sub_dialogue", other)).status).toBe(200);
    const record = (await api.get(a, ai)).body.dialogue;
    expect(record.conclusions.map((n: { id: number }) => n.id)).toEqual([node.id]);
    expect(record.sub_dialogues.map((n: { id: number }) => n.id)).toEqual([other]);
    expect(record.chat_messages.map((n: { id: number }) => n.id)).toContain(ask.id);
    expect(
      (await api.list(a)).body.dialogues.find((d: { id: number }) => d.id === ai).content
        .last_message_content,
    ).toBe("为什么");
    const notDialogue = await api.add(a, ai, "sub_dialogue", node.id);
    expect(notDialogue.status).toBe(400);
    expect(notDialogue.body.error).toBe(MESSAGES.subDialogueNotDialogue);
    expect((await api.add(a, ai, "sub_dialogue", ai)).status).toBe(400);
    const theirs = (await api.create(b, { dialogue_type: "user_to_ai" })).body.dialogue.id;
    expect((await api.add(a, ai, "sub_dialogue", theirs)).status).toBe(403);
  });

  it("refuses outsiders, strangers, blocked dialogues and bad input", async () => {
    const [a, b, c] = await people(server, 3);
    const id = await api.pair(a, b);
    const { dnode: node } = await createNode(server, a.access, { name: "n" });
    expect((await api.add(c, id, "resource", node.id)).body.code).toBe("DIALOGUE_FORBIDDEN");
    expect((await api.add(a, id, "resource", node.id)).body.code).toBe("DIALOGUE_STRANGER");
    const [d] = await people(server, 1);
    await befriend(server, a, d);
    const withD = await api.pair(a, d);
    await setBlock(server, d, a, true);
    const blocked = await api.add(a, withD, "chat", node.id);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: "DIALOGUE_BLOCKED", error: MESSAGES.dialogueBlocked });
    for (const body of [
      { content_type: "file", node_id: node.id },
      { content_type: "chat" },
      { content_type: "chat", node_id: -1 },
    ]) {
      const res = await call(server, "POST", `/api/dialogue/${id}/add/`, { token: a.access, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.add(a, id, "chat", 2_000_000_000)).status).toBe(403);
    expect(
      (await call(server, "POST", `/api/dialogue/${id}/add/`, { body: { content_type: "chat", node_id: 1 } }))
        .status,
    ).toBe(401);
  });
});

describe("POST /api/dialogue/convert-ask-process/", () => {
  it("makes the ask the first message of a dialogue with the AI, once", async () => {
    const [a, b] = await people(server, 2);
    const { dnode: ask } = await createNode(server, a.access, {
      name: "怎样学数学",
      type: "PROCESS",
      content: { xtype: "AskProcess", text: "怎样学数学？" },
    });
    const res = await call(server, "POST", "/api/dialogue/convert-ask-process/", {
      token: a.access,
      body: { ask_process_id: ask.id },
    });
    expect(res.status).toBe(200);
    const id = res.body.dialogue_id;
    const record = (await api.get(a, id)).body.dialogue;
    expect(record).toMatchObject({ name: "怎样学数学", dialogue_type: "user_to_ai", dialogue_mode: "agent" });
    expect(record.chat_messages.map((n: { id: number }) => n.id)).toEqual([ask.id]);
    expect(record.chat_messages[0].content.dialogue_id).toBe(id);
    const again = await call(server, "POST", "/api/dialogue/convert-ask-process/", {
      token: a.access,
      body: { ask_process_id: ask.id },
    });
    expect(again.body.dialogue_id).toBe(id);
    const theirs = await call(server, "POST", "/api/dialogue/convert-ask-process/", {
      token: b.access,
      body: { ask_process_id: ask.id },
    });
    expect(theirs.status).toBe(403);
    const { dnode: note } = await createNode(server, a.access, { name: "笔记" });
    const notAsk = await call(server, "POST", "/api/dialogue/convert-ask-process/", {
      token: a.access,
      body: { ask_process_id: note.id },
    });
    expect(notAsk.status).toBe(400);
    expect(notAsk.body.error).toBe(MESSAGES.notAnAskProcess);
    const bad = await call(server, "POST", "/api/dialogue/convert-ask-process/", {
      token: a.access,
      body: { ask_process_id: "1" },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call(server, "POST", "/api/dialogue/convert-ask-process/", { body: { ask_process_id: ask.id } }))
        .status,
    ).toBe(401);
  });
});

describe("chat paging", () => {
  it("pages CHAT 20 at a time by created_at, newest page first, through relations_with_data and the record", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    for (let i = 1; i <= 23; i++) expect((await api.say(i % 2 ? a : b, id, `第${i}条`)).status).toBe(200);
    const texts = (nodes: { content: { text: string } }[]) => nodes.map((n) => n.content.text);
    const newest = await api.get(b, id);
    // 23 messages after the friend request's card (whose text is its empty greeting).
    expect(newest.body.dialogue).toMatchObject({ chat_total: 24, chat_has_more: true });
    expect(texts(newest.body.dialogue.chat_messages)).toEqual(
      Array.from({ length: 20 }, (_, i) => `第${i + 4}条`),
    );
    const older = await api.get(b, id, "?chat_page=2");
    expect(older.body.dialogue).toMatchObject({ chat_has_more: false });
    expect(texts(older.body.dialogue.chat_messages)).toEqual(["", "第1条", "第2条", "第3条"]);
    const page = await call(
      server,
      "GET",
      `/api/dnode/${id}/relations_with_data/?relation_names=CHAT&page_size=20&order_by=created_at&relation_pages=${encodeURIComponent('{"CHAT":2}')}`,
      { token: b.access },
    );
    const byId = new Map(
      page.body.related_nodes.map((n: { id: number; content: { text: string } }) => [n.id, n.content.text]),
    );
    expect(page.body.relations.map((r: { ynode: number }) => byId.get(r.ynode))).toEqual([
      "第20条",
      "第21条",
      "第22条",
      "第23条",
    ]);
    expect(page.body.pagination_info.CHAT).toMatchObject({ page: 2, total: 24, has_more: false });
    expect((await api.get(a, id, "?chat_page=0")).status).toBe(400);
  });
});
