import type { ServerMessage } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { createNode } from "../test/factories";
import { connect } from "../test/live-client";
import { useTestServer } from "../test/use-test-server";

// Rights at delivery (issue 15 point 3): one rights query for every recipient and node of an event
// batch, and each recipient sees the node with their own rights.
const { server, alice, bob, carol, dave } = useTestServer({ users: ["alice", "bob", "carol", "dave"] });

const share = (node: number, user: number, rights: { can_read?: boolean; can_write?: boolean }) =>
  call(server, "POST", "/api/dnode-permission/", {
    token: alice.access,
    body: { dnode: node, user, ...rights },
  });
const rename = (id: number, name: string) =>
  call(server, "POST", `/api/dnode/${id}/update`, { token: alice.access, body: { name } });
const quiet = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
const renamed = (name: string) => (m: ServerMessage) => m.type === "node_updated" && m.dnode.name === name;

describe("live delivery to many readers at once", () => {
  it("gives each reader the node with their own rights, and nothing to one who may not read it", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "大家看的" });
    await share(dnode.id, bob.user.id, { can_write: true });
    await share(dnode.id, carol.user.id, { can_read: true });
    await share(dnode.id, dave.user.id, { can_read: true });
    const [owners, bobs, carols, daves] = await Promise.all([
      connect(server, alice.access),
      connect(server, bob.access),
      connect(server, carol.access),
      connect(server, dave.access),
    ]);
    for (const client of [owners, bobs, carols, daves]) await client.subscribe([dnode.id]);
    // dave subscribed while he could read; the share goes before the rename.
    await call(server, "DELETE", `/api/dnode-permission/?dnode_id=${dnode.id}&user_id=${dave.user.id}`, {
      token: alice.access,
    });

    await rename(dnode.id, "大家看的，改了");
    const rightsSeen = async (client: typeof owners) => {
      const message = await client.waitFor(renamed("大家看的，改了"));
      return message.type === "node_updated" ? message.dnode.permissions : null;
    };
    expect(await rightsSeen(owners)).toEqual({ read: true, write: true, admin: true });
    expect(await rightsSeen(bobs)).toEqual({ read: true, write: true, admin: false });
    expect(await rightsSeen(carols)).toEqual({ read: true, write: false, admin: false });
    await quiet();
    expect(JSON.stringify(daves.messages)).not.toContain("大家看的，改了");
    for (const client of [owners, bobs, carols, daves]) client.socket.close(1000);
  });

  it("sends a concept, whose inherited groups depend on the reader, to each reader who may read it", async () => {
    const { dnode } = await createNode(server, alice.access, { type: "CONCEPT", name: "概念甲" });
    await share(dnode.id, bob.user.id, { can_read: true });
    const [owners, bobs, carols] = await Promise.all([
      connect(server, alice.access),
      connect(server, bob.access),
      connect(server, carol.access),
    ]);
    for (const client of [owners, bobs, carols]) await client.subscribe([dnode.id]);
    await rename(dnode.id, "概念乙");
    const bobSaw = await bobs.waitFor(renamed("概念乙"));
    expect(bobSaw).toMatchObject({ dnode: { type: "CONCEPT", permissions: { read: true, write: false } } });
    expect(await owners.waitFor(renamed("概念乙"))).toMatchObject({
      dnode: { permissions: { admin: true } },
    });
    await quiet();
    expect(JSON.stringify(carols.messages)).not.toContain("概念乙");
    for (const client of [owners, bobs, carols]) client.socket.close(1000);
  });
});
