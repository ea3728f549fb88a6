import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";
import { ranksOfUsers, ranksOnIds } from "./node";

// ranksOfUsers (many callers at once, for the live channel) must rank every pair as the rule's own
// per-caller query does: owners, whole-tree and narrowed grants (to a user and to everyone), shares on a
// node or an ancestor, published trees, a narrowed grant whose subtree left the tree, and strangers.
const { server, alice, bob, carol, dave, erin } = useTestServer({
  users: ["alice", "bob", "carol", "dave", "erin"],
});

const post = (token: string, path: string, body: Record<string, unknown>) =>
  call(server, "POST", path, { token, body }).then((res) => {
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  });

describe("ranksOfUsers", () => {
  it("ranks every caller on every node as ranksOnIds does, in one query", async () => {
    const t = await makeTree(server, alice.access, {
      name: "根",
      children: [
        { name: "甲", children: [{ name: "甲一", children: [{ name: "甲一一" }] }] },
        { name: "乙", children: [{ name: "乙一" }] },
        { name: "丙" },
      ],
    });
    const other = await makeTree(server, alice.access, { name: "另一棵", children: [{ name: "枝" }] });
    const published = await makeTree(server, dave.access, { name: "公开", children: [{ name: "文" }] });
    const grant = (body: Record<string, unknown>) => post(alice.access, "/api/anchor-auth/manage/", body);
    await grant({ anchor_id: t.根, user_id: bob.user.id, auth_type: "read" });
    await grant({ anchor_id: t.根, descendent_id: t.甲, user_id: carol.user.id, auth_type: "write" });
    await grant({ anchor_id: t.根, descendent_id: t.乙, user_id: null, auth_type: "read" });
    await grant({
      anchor_id: other.另一棵,
      descendent_id: other.枝,
      user_id: erin.user.id,
      auth_type: "admin",
    });
    await post(alice.access, "/api/dnode-permission/", {
      dnode: t.甲一,
      user: dave.user.id,
      can_write: true,
    });
    await post(alice.access, "/api/dnode-permission/", { dnode: t.丙, user: bob.user.id, can_write: true });
    await post(dave.access, "/api/anchor-auth/publish/", { dnode_id: published.文, is_public: true });
    // 枝 leaves its tree for 根: erin's grant narrowed to it no longer counts there.
    await post(alice.access, "/api/dnode/move", {
      moved_nodes_ids: [other.枝],
      target_node_id: t.根,
      old_location_id: other.另一棵,
    });

    const nodes = [...Object.values(t), ...Object.values(other), ...Object.values(published)];
    const users = [alice, bob, carol, dave, erin].map((u) => u.user.id);
    const db = server.database.db;
    const together = await ranksOfUsers(db, users, nodes);
    for (const user of users) {
      const alone = await ranksOnIds(db, user, nodes);
      const expected = Object.fromEntries(nodes.map((id) => [id, alone.get(id) ?? 0]));
      const got = Object.fromEntries(nodes.map((id) => [id, together.get(user)?.get(id) ?? 0]));
      expect(got, `user ${user}`).toEqual(expected);
    }
    // Not a comparison of two empty answers: the fixture holds every rank.
    const all = users.flatMap((user) => nodes.map((id) => together.get(user)?.get(id) ?? 0));
    expect(new Set(all)).toEqual(new Set([0, 1, 2, 3]));
  });
});
