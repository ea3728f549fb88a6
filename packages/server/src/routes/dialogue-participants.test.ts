import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { dialogueApi, type Person, people } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// Who takes part in a dialogue: PARTICIPANT links to the people's USER nodes (people-spec 3), and group
// chats that follow their group as people join and leave it (issue 17).
const { server } = useTestServer();
const api = dialogueApi(server);

const node = (as: Person, id: number) => call(server, "GET", `/api/dnode/${id}`, { token: as.access });
const rootOf = (p: Person) => p.user.content.user_root_node_id as number;
const participantRoots = async (as: Person, id: number): Promise<number[]> =>
  [...((await node(as, id)).body.relations.PARTICIPANT?.head ?? [])].sort((x, y) => x - y);

async function groupOf(owner: Person): Promise<number> {
  const group = await call(server, "POST", "/api/user/group/", {
    token: owner.access,
    body: { group_name: `群${owner.user.id}`, description: "" },
  });
  expect(group.status).toBe(201);
  return group.body.group.id;
}
const join = (who: Person, group: number) =>
  call(server, "POST", `/api/user/group/${group}/join/`, { token: who.access, body: {} });
const leave = (who: Person, group: number) =>
  call(server, "POST", `/api/user/group/${group}/leave/`, { token: who.access, body: {} });

describe("PARTICIPANT links", () => {
  it("a new dialogue links each participant's USER node, and the person sees it from their side", async () => {
    const [a, b, c] = await people(server, 3);
    const pair = await api.pair(a, b);
    expect(await participantRoots(a, pair)).toEqual([rootOf(a), rootOf(b)].sort((x, y) => x - y));
    const topic = await api.create(a, { dialogue_type: "topic", participants: [b.user.id, c.user.id] });
    expect(topic.status).toBe(201);
    expect(await participantRoots(c, topic.body.dialogue.id)).toEqual(
      [rootOf(a), rootOf(b), rootOf(c)].sort((x, y) => x - y),
    );
    // From the USER node's side: the dialogues the person takes part in.
    const home = await node(c, rootOf(c));
    expect(home.body.relations.x__PARTICIPANT.head).toEqual([topic.body.dialogue.id]);
    // Another person's USER node stays theirs: a participant sees the link, not the node.
    expect((await node(c, rootOf(a))).status).toBe(403);
  });

  it("the same dialogue found again adds no second link", async () => {
    const [a, b] = await people(server, 2);
    const first = await api.pair(a, b);
    expect(await api.pair(b, a)).toBe(first);
    const home = await node(b, rootOf(b));
    expect(home.body.relations.x__PARTICIPANT).toMatchObject({ size: 1, head: [first] });
  });
});

describe("group chats follow their group", () => {
  it("a person who joins the group joins its chat: reads, posts, and has a link and the dialogue listed", async () => {
    const [owner, member, later] = await people(server, 3);
    const group = await groupOf(owner);
    expect((await join(member, group)).status).toBe(200);
    const chat = (await api.create(owner, { dialogue_type: "group_chat", participants: [group] })).body
      .dialogue.id;
    expect((await api.say(owner, chat, "欢迎")).status).toBe(200);
    expect((await api.get(later, chat)).status).toBe(403);

    expect((await join(later, group)).status).toBe(200);
    const seen = await api.get(later, chat);
    expect(seen.status).toBe(200);
    expect(seen.body.dialogue.participants).toContain(later.user.id);
    expect(
      seen.body.dialogue.chat_messages.map((m: { content: { text: string } }) => m.content.text),
    ).toEqual(["欢迎"]);
    expect(seen.body.dialogue.dnode.content.participants).toContain(later.user.id);
    expect(await participantRoots(later, chat)).toContain(rootOf(later));
    const listed = await api.list(later);
    expect(listed.body.dialogues.map((d: { id: number }) => d.id)).toContain(chat);
    expect((await api.say(later, chat, "我来了")).status).toBe(200);
    expect((await api.get(member, chat)).body.dialogue.chat_messages).toHaveLength(2);
  });

  it("a person who leaves can no longer read or post (403), nor read its messages; the rest go on", async () => {
    const [owner, member, stays] = await people(server, 3);
    const group = await groupOf(owner);
    await join(member, group);
    await join(stays, group);
    // The leaver made the chat: it passes to the group's owner, so its maker keeps no way in.
    const chat = (await api.create(member, { dialogue_type: "group_chat", participants: [group] })).body
      .dialogue.id;
    const said = await api.say(owner, chat, "通知");
    const messageId = said.body.delegated_process.id;
    const draft = (await api.draft(member, chat)).body.draft_process.id;

    expect((await leave(member, group)).status).toBe(200);
    const read = await api.get(member, chat);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ code: "DIALOGUE_FORBIDDEN", error: MESSAGES.dialogueForbidden });
    expect((await node(member, chat)).status).toBe(403);
    expect((await node(member, messageId)).status).toBe(403);
    const post = await api.delegate(member, draft, { text: "还能发吗" });
    expect(post.status).toBe(403);
    expect(post.body.code).toBe("DIALOGUE_FORBIDDEN");
    expect((await api.list(member)).body.dialogues.map((d: { id: number }) => d.id)).not.toContain(chat);
    expect(await participantRoots(owner, chat)).not.toContain(rootOf(member));

    const after = await api.get(stays, chat);
    expect(after.body.dialogue.participants.sort()).toEqual([owner.user.id, stays.user.id].sort());
    expect(after.body.dialogue.dnode.content.participants.sort()).toEqual(
      [owner.user.id, stays.user.id].sort(),
    );
    expect((await api.say(stays, chat, "继续")).status).toBe(200);

    // Joining again brings them back in.
    expect((await join(member, group)).status).toBe(200);
    expect((await api.get(member, chat)).status).toBe(200);
  });

  it("refusals of joining and leaving are unchanged and leave the chat as it was", async () => {
    const [owner, member, outsider] = await people(server, 3);
    const group = await groupOf(owner);
    await join(member, group);
    const chat = (await api.create(owner, { dialogue_type: "group_chat", participants: [group] })).body
      .dialogue.id;
    expect((await join(member, group)).body.code).toBe("ALREADY_MEMBER");
    const ownerLeaves = await leave(owner, group);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.error).toBe(MESSAGES.groupOwnerCannotLeave);
    expect((await leave(outsider, group)).body.code).toBe("NOT_MEMBER");
    expect((await api.get(owner, chat)).body.dialogue.participants.sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    expect((await call(server, "POST", `/api/user/group/${group}/leave/`, { body: {} })).status).toBe(401);
  });

  it("people joining at once all end up in the chat", async () => {
    const [owner, ...joiners] = await people(server, 6);
    const group = await groupOf(owner);
    const chat = (await api.create(owner, { dialogue_type: "group_chat", participants: [group] })).body
      .dialogue.id;
    const joined = await Promise.all(joiners.map((p) => join(p, group)));
    expect(joined.map((r) => r.status)).toEqual(Array(joiners.length).fill(200));
    const seen = await api.get(owner, chat);
    const everyone = [owner, ...joiners].map((p) => p.user.id).sort((x, y) => x - y);
    expect([...seen.body.dialogue.participants].sort((x, y) => x - y)).toEqual(everyone);
    expect([...seen.body.dialogue.dnode.content.participants].sort((x, y) => x - y)).toEqual(everyone);
    expect(await participantRoots(owner, chat)).toEqual(
      [owner, ...joiners].map(rootOf).sort((x, y) => x - y),
    );
  });
});
