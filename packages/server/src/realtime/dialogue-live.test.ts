import type { ServerMessage } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { call } from "../test/client";
import { befriend, dialogueApi, type Person, people } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// Messages reach the other participant live through the one node write path and the event bus, and
// reach nobody else (issue 17 with the live-updates issue).
const { server } = useTestServer();
const api = dialogueApi(server);

interface Listener {
  messages: ServerMessage[];
  subscribe(ids: number[]): Promise<void>;
  waitFor(match: (m: ServerMessage) => boolean): Promise<ServerMessage>;
  close(): void;
}

async function listen(who: Person): Promise<Listener> {
  const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/processes/?token=${who.access}`);
  const messages: ServerMessage[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  const waitFor = async (match: (m: ServerMessage) => boolean) => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such message among ${JSON.stringify(messages.map((m) => m.type))}`);
  };
  await waitFor((m) => m.type === "connection_established");
  return {
    messages,
    waitFor,
    async subscribe(ids) {
      socket.send(JSON.stringify({ type: "subscribe", node_ids: ids }));
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
    close: () => socket.close(1000),
  };
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 500));
const mentions = (m: ServerMessage, id: number) =>
  JSON.stringify(m).includes(`"id":${id},`) || JSON.stringify(m).includes(`"ynode":${id},`);

describe("live dialogue events", () => {
  it("a sent message reaches the other participant live, and nobody else; drafts are never announced", async () => {
    const [a, b, c] = await people(server, 3);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const bs = await listen(b);
    const cs = await listen(c);
    await bs.subscribe([id]);
    // An outsider asking to watch the dialogue is not allowed to.
    await cs.subscribe([id]);
    const draft = (await api.draft(a, id)).body.draft_process;
    await quiet();
    expect(bs.messages.some((m) => mentions(m, draft.id))).toBe(false);

    const sent = await api.delegate(a, draft.id, { text: "实时的问候" });
    expect(sent.status).toBe(200);
    const message = await bs.waitFor(
      (m) => (m.type === "process_updated" || m.type === "process_created") && m.dnode.id === draft.id,
    );
    expect(message).toMatchObject({
      dnode: { id: draft.id, content: { text: "实时的问候", dialogue_id: id } },
    });
    // Watching the dialogue: the new CHAT link with the message, and the dialogue's new summary.
    const link = await bs.waitFor(
      (m) => m.type === "relation_updated" && m.action === "created" && m.relation.relation_name === "CHAT",
    );
    expect(link).toMatchObject({ relation: { xnode: id, ynode: draft.id }, dnode: { id: draft.id } });
    const summary = await bs.waitFor(
      (m) =>
        m.type === "node_updated" &&
        m.dnode.id === id &&
        m.dnode.content.last_message_content === "实时的问候",
    );
    // The summary is presented for its reader: b's unread count and the other person's name.
    expect(summary).toMatchObject({ dnode: { name: a.user.username, content: { unread_count: 1 } } });
    await quiet();
    expect(cs.messages.filter((m) => mentions(m, draft.id) || mentions(m, id))).toEqual([]);
    // The new draft is a's alone and never announced.
    expect(bs.messages.some((m) => mentions(m, sent.body.new_draft_process.id))).toBe(false);
    bs.close();
    cs.close();
  });

  it("deleting the last message tells the participants watching the new preview, and nobody else", async () => {
    const [a, b, c] = await people(server, 3);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    await api.say(a, id, "先说的");
    const last = (await api.say(a, id, "说错了")).body.delegated_process.id;
    const bs = await listen(b);
    const cs = await listen(c);
    await bs.subscribe([id]);
    await cs.subscribe([id]);
    const deleted = await call(server, "POST", "/api/dnode/delete_batch", {
      token: a.access,
      body: { ids: [last] },
    });
    expect(deleted.status).toBe(200);
    const summary = await bs.waitFor(
      (m) =>
        m.type === "node_updated" && m.dnode.id === id && m.dnode.content.last_message_content === "先说的",
    );
    expect(summary).toMatchObject({ dnode: { content: { unread_count: 1 } } });
    await quiet();
    expect(cs.messages.filter((m) => mentions(m, id) || mentions(m, last))).toEqual([]);
    bs.close();
    cs.close();
  });

  it("a person who left a group chat's group hears no more of it", async () => {
    const [owner, member] = await people(server, 2);
    const group = await call(server, "POST", "/api/user/group/", {
      token: owner.access,
      body: { group_name: `活群${owner.user.id}`, description: "" },
    });
    const groupId = group.body.group.id;
    await call(server, "POST", `/api/user/group/${groupId}/join/`, { token: member.access, body: {} });
    const chat = (await api.create(owner, { dialogue_type: "group_chat", participants: [groupId] })).body
      .dialogue.id;
    const ms = await listen(member);
    await ms.subscribe([chat]);
    await api.say(owner, chat, "还在吗");
    await ms.waitFor((m) => m.type === "node_updated" && m.dnode.id === chat);
    await call(server, "POST", `/api/user/group/${groupId}/leave/`, { token: member.access, body: {} });
    await quiet();
    const before = ms.messages.length;
    const after = (await api.say(owner, chat, "走了吗")).body.delegated_process.id;
    await quiet();
    expect(ms.messages.slice(before).filter((m) => mentions(m, chat) || mentions(m, after))).toEqual([]);
    ms.close();
  });
});
