import { describe, expect, it } from "vitest";
import { call } from "../../test/client";
import { createNode } from "../../test/factories";
import { useTestServer } from "../../test/use-test-server";

// GET /api/process/my_processes/ and delegator_id (workspace-spec 3): a process someone delegated
// concerns its delegator, who follows it as it goes on (when they may read it).
const { server, alice, bob, carol } = useTestServer({ users: ["alice", "bob", "carol"] });

// biome-ignore lint/suspicious/noExplicitAny: answer JSON read freely in assertions
type Json = any;

const mine = async (token: string, query = "") =>
  (await call(server, "GET", `/api/process/my_processes/?${query}`, { token })).body as Json;
const ids = (body: Json) => body.results.map((n: { id: number }) => n.id);
const shareWith = (node: number, user: number) =>
  call(server, "POST", "/api/dnode-permission/", {
    token: alice.access,
    body: { dnode: node, user, can_read: true },
  });

describe("my_processes and delegator_id", () => {
  it("lists a process to the person who delegated it, and to whoever asks about that person", async () => {
    const { dnode: delegated } = await createNode(server, alice.access, {
      type: "PROCESS",
      name: "替鲍勃做的事",
      content: { xtype: "AskProcess", self_status: "delegated", delegator_id: bob.user.id },
    });
    const { dnode: unrelated } = await createNode(server, alice.access, {
      type: "PROCESS",
      name: "别的事",
      content: { self_status: "running" },
    });
    await shareWith(delegated.id, bob.user.id);
    await shareWith(unrelated.id, bob.user.id);
    await shareWith(delegated.id, carol.user.id);

    const bobs = await mine(bob.access);
    expect(ids(bobs)).toContain(delegated.id);
    expect(ids(bobs)).not.toContain(unrelated.id);
    // Carol may read it; it concerns her only as a process about bob.
    expect(ids(await mine(carol.access))).not.toContain(delegated.id);
    const aboutBob = await mine(alice.access, `related_user_id=${bob.user.id}`);
    expect(ids(aboutBob)).toEqual([delegated.id]);
  });

  it("takes related_user_id and dialogue_id as the query string carries them (digits)", async () => {
    const { dnode } = await createNode(server, carol.access, {
      type: "PROCESS",
      name: "对话里的事",
      content: { self_status: "running", dialogue_id: 987654 },
    });
    expect(ids(await mine(carol.access, "dialogue_id=987654"))).toEqual([dnode.id]);
    expect(ids(await mine(carol.access, "dialogue_id=987655"))).toEqual([]);
    expect(ids(await mine(carol.access, `related_user_id=${carol.user.id}`))).toContain(dnode.id);
  });

  it("leaves out a delegated process its delegator may not read", async () => {
    const { dnode } = await createNode(server, alice.access, {
      type: "PROCESS",
      name: "没分享的委托",
      content: { self_status: "delegated", delegator_id: carol.user.id },
    });
    const body = await mine(carol.access);
    expect(ids(body)).not.toContain(dnode.id);
    expect(JSON.stringify(body)).not.toContain("没分享的委托");
  });
});
