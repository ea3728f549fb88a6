import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { befriend, dialogueApi, type Person, people } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// What happens to messages once sent (issue 17): they cannot be edited, deleting one (to the bin) and
// restoring it keep the dialogue's preview true, and a dialogue restored from the bin is read and
// posted in as before.
const { server } = useTestServer();
const api = dialogueApi(server);

const update = (as: Person, id: number, body: Record<string, unknown>) =>
  call(server, "POST", `/api/dnode/${id}/update`, { token: as.access, body });
const updateField = (as: Person, id: number, content_type: string, content_value: unknown) =>
  call(server, "POST", `/api/dnode/${id}/update_content_field`, {
    token: as.access,
    body: { content_type, content_value },
  });
const del = (as: Person, ids: number[]) =>
  call(server, "POST", "/api/dnode/delete_batch", { token: as.access, body: { ids } });
const restore = (as: Person, batch_id: string) =>
  call(server, "POST", "/api/trash/restore/", { token: as.access, body: { batch_id } });

/** A topic of a and b (free to post, no friend-request card) with the messages said in turn, a first. */
async function chatWith(a: Person, b: Person, texts: string[]) {
  const made = await api.create(a, { dialogue_type: "topic", participants: [b.user.id] });
  expect(made.status).toBe(201);
  const id: number = made.body.dialogue.id;
  return { id, ids: await sayAll(a, b, id, texts) };
}

async function sayAll(a: Person, b: Person, id: number, texts: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, text] of texts.entries()) {
    const sent = await api.say(i % 2 ? b : a, id, text);
    expect(sent.status).toBe(200);
    ids.push(sent.body.delegated_process.id);
  }
  return ids;
}

/** The dialogue as it shows in `as`'s message list. */
async function listed(as: Person, id: number) {
  const list = await api.list(as);
  return list.body.dialogues.find((d: { id: number }) => d.id === id);
}

describe("a sent message cannot be edited", () => {
  it("refuses its sender's name and content edits with 409 and a Chinese message; the draft stays editable", async () => {
    const [a, b] = await people(server, 2);
    const { id, ids } = await chatWith(a, b, ["原话"]);
    const message = ids[0]!;
    for (const body of [{ name: "改过" }, { content: { text: "改过的话" } }, { type: "NOTE" }]) {
      const res = await update(a, message, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        code: "MESSAGE_SENT_READONLY",
        error: MESSAGES.messageSentReadonly,
      });
    }
    const field = await updateField(a, message, "text", "改过的话");
    expect(field.status).toBe(409);
    expect(field.body.code).toBe("MESSAGE_SENT_READONLY");
    // The other participant may only read it (403 as for any node they may not write).
    expect((await update(b, message, { name: "别人改" })).status).toBe(403);
    const seen = await api.get(b, id);
    expect(seen.body.dialogue.chat_messages[0]).toMatchObject({ id: message, content: { text: "原话" } });

    const draft = (await api.draft(a, id)).body.draft_process.id;
    const saved = await update(a, draft, { content: { text: "还在写" } });
    expect(saved.status).toBe(200);
    expect(saved.body.content.text).toBe("还在写");
    expect((await call(server, "POST", `/api/dnode/${message}/update`, { body: { name: "x" } })).status).toBe(
      401,
    );
  });
});

describe("a sent message stays in its dialogue", () => {
  it("its sender cannot move it out (409), but may refer to it from their own tree", async () => {
    const [a, b] = await people(server, 2);
    const { id, ids } = await chatWith(a, b, ["留在对话里"]);
    const message = ids[0]!;
    const move = (way: string) =>
      call(server, "POST", "/api/dnode/move", {
        token: a.access,
        body: { moved_nodes_ids: [message], target_node_id: a.user.content.user_root_node_id, way },
      });
    const moved = await move("move");
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: "MESSAGE_SENT_READONLY", error: MESSAGES.messageSentReadonly });
    expect((await move("refer")).status).toBe(200);
    const seen = await api.get(b, id);
    expect(seen.body.dialogue.chat_messages.map((m: { id: number }) => m.id)).toEqual([message]);
  });
});

describe("deleting a message keeps the preview true", () => {
  it("deleting the last message shows the newest one left; restoring it shows it again", async () => {
    const [a, b] = await people(server, 2);
    const { id, ids } = await chatWith(a, b, ["第一句", "第二句", "第三句"]);
    expect((await listed(b, id)).content.last_message_content).toBe("第三句");

    const deleted = await del(a, [ids[2]!]);
    expect(deleted.status).toBe(200);
    const after = await listed(b, id);
    expect(after.content).toMatchObject({
      last_message_content: "第二句",
      last_message_sender: b.user.id,
      last_message_sender_info: { id: b.user.id },
    });
    // b never saw the deleted message: it no longer counts as unread.
    expect(after.content.unread_count).toBe(0);
    const page = await api.get(b, id);
    expect(page.body.dialogue.chat_messages.map((m: { id: number }) => m.id)).toEqual([ids[0], ids[1]]);

    const back = await restore(a, deleted.body.trash_batch_id);
    expect(back.status).toBe(200);
    expect((await listed(b, id)).content).toMatchObject({
      last_message_content: "第三句",
      last_message_sender: a.user.id,
    });
    const again = await api.get(b, id);
    expect(again.body.dialogue.chat_messages.map((m: { id: number }) => m.id)).toEqual(ids);
    // Still its sender's, still not editable.
    expect((await update(a, ids[2]!, { name: "改" })).body.code).toBe("MESSAGE_SENT_READONLY");
  });

  it("deleting an older message leaves the preview; deleting every message empties it", async () => {
    const [a, b] = await people(server, 2);
    const { id, ids } = await chatWith(a, b, ["早", "晚"]);
    expect((await del(a, [ids[0]!])).status).toBe(200);
    expect((await listed(a, id)).content.last_message_content).toBe("晚");
    expect((await del(b, [ids[1]!])).status).toBe(200);
    const empty = await listed(a, id);
    expect(empty.content).toMatchObject({
      last_message_content: "",
      last_message_sender: null,
      last_message_time: null,
      last_message_sender_info: null,
    });
  });

  it("only the sender deletes a message (403 for the other participant), and an outsider cannot restore it", async () => {
    const [a, b, c] = await people(server, 3);
    const { id, ids } = await chatWith(a, b, ["留着"]);
    expect((await del(b, [ids[0]!])).status).toBe(403);
    expect((await listed(a, id)).content.last_message_content).toBe("留着");
    const deleted = await del(a, [ids[0]!]);
    expect((await restore(c, deleted.body.trash_batch_id)).status).toBe(404);
    expect((await restore(a, "not-a-batch")).status).toBe(400);
  });
});

describe("a dialogue restored from the bin", () => {
  it("comes back with its participants, messages, drafts and unread counts, and takes new messages", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const ids = await sayAll(a, b, id, ["你好", "你也好", "再见"]);
    const draft = (await api.draft(b, id)).body.draft_process.id;
    const bin = await del(a, [id]);
    expect(bin.status).toBe(200);
    expect((await api.get(b, id)).status).toBe(404);
    expect(await listed(b, id)).toBeUndefined();

    const back = await restore(a, bin.body.trash_batch_id);
    expect(back.status).toBe(200);
    // A tree of its own again: on nobody's home.
    expect(back.body.roots).toEqual([{ id, parent_id: null }]);
    const seen = await api.get(b, id);
    expect(seen.status).toBe(200);
    expect(seen.body.dialogue).toMatchObject({
      participants: [a.user.id, b.user.id],
      dialogue_type: "user_to_user",
      dialogue_mode: "friend",
    });
    // The friend-request card, then the three messages.
    const shown = seen.body.dialogue.chat_messages.map((m: { id: number }) => m.id);
    expect(shown).toHaveLength(4);
    expect(shown.slice(1)).toEqual(ids);
    expect((await listed(b, id)).content).toMatchObject({ unread_count: 1, last_message_content: "再见" });
    const node = await call(server, "GET", `/api/dnode/${id}`, { token: b.access });
    expect(node.body.relations.PARTICIPANT.size).toBe(2);
    // The same logic id finds it, the same draft is b's, and both post again.
    expect(await api.pair(b, a)).toBe(id);
    expect((await api.draft(b, id)).body.draft_process.id).toBe(draft);
    expect((await api.delegate(b, draft, { text: "回来了" })).status).toBe(200);
    expect((await api.say(a, id, "是的")).status).toBe(200);
    expect((await listed(b, id)).content.last_message_content).toBe("是的");
    // Its messages are still their senders': a's first message is a's alone to delete.
    expect((await del(b, [ids[0]!])).status).toBe(403);
  });

  it("opened again while in the bin: the new dialogue keeps the pair's logic id, the old one comes back too", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const old = await api.pair(a, b);
    expect((await api.say(a, old, "旧的")).status).toBe(200);
    const bin = await del(a, [old]);
    const fresh = await api.pair(b, a);
    expect(fresh).not.toBe(old);
    expect((await restore(a, bin.body.trash_batch_id)).status).toBe(200);
    expect(await api.pair(a, b)).toBe(fresh);
    const back = await api.get(b, old);
    expect(back.status).toBe(200);
    expect(back.body.dialogue.participants).toEqual([a.user.id, b.user.id]);
    expect((await listed(b, old)).content.last_message_content).toBe("旧的");
  });

  it("is restored by its owner only; others get 404", async () => {
    const [a, b, c] = await people(server, 3);
    const { id } = await chatWith(a, b, ["一句"]);
    expect((await del(b, [id])).status).toBe(403);
    const bin = await del(a, [id]);
    for (const who of [b, c]) expect((await restore(who, bin.body.trash_batch_id)).status).toBe(404);
    expect((await call(server, "POST", "/api/trash/restore/", { body: { batch_id: "x" } })).status).toBe(401);
  });
});
