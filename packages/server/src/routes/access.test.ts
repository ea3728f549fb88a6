import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

type User = Awaited<ReturnType<typeof makeUser>>;
const { server, alice, bob, carol } = useTestServer({ users: ["alice", "bob", "carol"] });

const get = (id: number, who: User) => call(server, "GET", `/api/dnode/${id}`, { token: who.access });
const post = (path: string, who: User, body: unknown) =>
  call(server, "POST", path, { token: who.access, body });
const grant = (who: User, body: Record<string, unknown>) => post("/api/anchor-auth/manage/", who, body);
const share = (who: User, body: Record<string, unknown>) => post("/api/dnode-permission/", who, body);

describe("grants on a tree", () => {
  it("a grant narrowed to a subtree opens that subtree only; the path shows only what the grantee may read", async () => {
    const t = await makeTree(server, alice.access, {
      name: "树根",
      children: [
        { name: "甲", children: [{ name: "甲一", children: [{ name: "甲一一" }] }] },
        { name: "乙" },
      ],
    });
    const res = await grant(alice, {
      anchor_id: t.树根,
      descendent_id: t.甲,
      user_id: bob.user.id,
      auth_type: "read",
    });
    expect(res.status).toBe(200);
    expect(res.body.grant).toMatchObject({ auth_type: "read", descendent_id: t.甲, user_id: bob.user.id });
    for (const id of [t.甲, t.甲一, t.甲一一]) expect((await get(id, bob)).status).toBe(200);
    for (const id of [t.树根, t.乙]) expect((await get(id, bob)).status).toBe(403);
    const path = await call(server, "GET", `/api/data/${t.甲一一}/path`, { token: bob.access });
    expect(path.body.map((n: { name: string }) => n.name)).toEqual(["甲", "甲一"]);
    expect((await get(t.甲一, bob)).body.permissions).toEqual({ read: true, write: false, admin: false });
  });

  it("the dnode form grants the node's subtree; withdrawing takes effect on the next request", async () => {
    const t = await makeTree(server, alice.access, { name: "收回", children: [{ name: "枝" }] });
    await grant(alice, { dnode_id: t.枝, user_id: bob.user.id, auth_type: "write" });
    expect((await post(`/api/dnode/${t.枝}/update`, bob, { name: "枝改" })).status).toBe(200);
    expect((await get(t.收回, bob)).status).toBe(403);
    const withdrawn = await grant(alice, { dnode_id: t.枝, user_id: bob.user.id, auth_type: null });
    expect(withdrawn.body).toMatchObject({ success: true, grant: null });
    expect((await get(t.枝, bob)).status).toBe(403);
  });

  it("moving a subtree into another tree changes who can read it", async () => {
    const shared = await makeTree(server, alice.access, { name: "共享树" });
    const other = await makeTree(server, alice.access, {
      name: "私树",
      children: [{ name: "游子", children: [{ name: "孙" }] }],
    });
    await grant(alice, { anchor_id: shared.共享树, user_id: bob.user.id, auth_type: "read" });
    expect((await get(other.孙, bob)).status).toBe(403);
    const moveTo = (target: number, from: number) =>
      post("/api/dnode/move", alice, {
        moved_nodes_ids: [other.游子],
        target_node_id: target,
        old_location_id: from,
      });
    expect((await moveTo(shared.共享树, other.私树)).status).toBe(200);
    expect((await get(other.孙, bob)).body).toMatchObject({ name: "孙", anchor_id: shared.共享树 });
    await moveTo(other.私树, shared.共享树);
    expect((await get(other.孙, bob)).status).toBe(403);
  });

  it("a global grant (user_id null) opens the tree to everyone signed in", async () => {
    const t = await makeTree(server, alice.access, { name: "全员可写" });
    await grant(alice, { anchor_id: t.全员可写, user_id: null, auth_type: "write" });
    expect((await post(`/api/dnode/${t.全员可写}/update`, carol, { name: "大家的" })).status).toBe(200);
    expect((await call(server, "GET", `/api/dnode/${t.全员可写}`)).status).toBe(401);
  });

  it("an admin may grant and publish; a writer may not; a narrowed admin only within the subtree", async () => {
    const t = await makeTree(server, alice.access, {
      name: "管理",
      children: [{ name: "分支" }, { name: "旁支" }],
    });
    await grant(alice, { anchor_id: t.管理, user_id: bob.user.id, auth_type: "admin" });
    expect((await grant(bob, { dnode_id: t.分支, user_id: carol.user.id, auth_type: "read" })).status).toBe(
      200,
    );
    expect((await get(t.分支, carol)).status).toBe(200);
    const writerTry = await grant(carol, { dnode_id: t.分支, user_id: carol.user.id, auth_type: "admin" });
    expect(writerTry.status).toBe(403);
    expect(writerTry.body.error).toBe(MESSAGES.grantForbidden);
    await grant(alice, {
      anchor_id: t.管理,
      user_id: carol.user.id,
      auth_type: "admin",
      descendent_id: t.分支,
    });
    expect((await grant(carol, { dnode_id: t.分支, user_id: bob.user.id, auth_type: "read" })).status).toBe(
      200,
    );
    expect((await grant(carol, { dnode_id: t.旁支, user_id: bob.user.id, auth_type: "read" })).status).toBe(
      403,
    );
    expect(
      (await post("/api/anchor-auth/publish/", carol, { dnode_id: t.分支, is_public: true })).status,
    ).toBe(403);
  });

  it("nodes a writer adds to a shared tree belong to the tree's owner and name the writer as creator", async () => {
    const t = await makeTree(server, alice.access, { name: "合写" });
    await grant(alice, { anchor_id: t.合写, user_id: bob.user.id, auth_type: "write" });
    const { dnode } = await createNode(server, bob.access, {
      type: "NOTE",
      name: "鲍勃写的",
      location_id: t.合写,
    });
    expect(dnode).toMatchObject({ owner_id: alice.user.id, creator_id: bob.user.id, anchor_id: t.合写 });
  });

  it("refuses bad grants with clear 4xx messages", async () => {
    const t = await makeTree(server, alice.access, { name: "坏请求", children: [{ name: "内" }] });
    const other = await makeTree(server, alice.access, { name: "别树" });
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { dnode_id: t.内, anchor_id: t.坏请求, user_id: bob.user.id, auth_type: "read" },
        400,
        MESSAGES.grantTargetRequired,
      ],
      [{ user_id: bob.user.id, auth_type: "read" }, 400, MESSAGES.grantTargetRequired],
      [{ dnode_id: t.内, user_id: bob.user.id, auth_type: "owner" }, 400, MESSAGES.authTypeInvalid],
      [{ dnode_id: t.内, user_id: 999_999, auth_type: "read" }, 404, MESSAGES.userNotFound],
      [{ dnode_id: 999_999, user_id: bob.user.id, auth_type: "read" }, 404, MESSAGES.nodeNotFound],
      [{ anchor_id: t.内, user_id: bob.user.id, auth_type: "read" }, 400, MESSAGES.notAnAnchor],
      [
        { anchor_id: t.坏请求, descendent_id: other.别树, user_id: bob.user.id, auth_type: "read" },
        400,
        MESSAGES.descendentNotInTree,
      ],
      [{ dnode_id: t.内, user_id: alice.user.id, auth_type: "read" }, 400, MESSAGES.cannotGrantOwner],
    ];
    for (const [body, status, error] of cases) {
      const res = await grant(alice, body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status, error });
    }
    const malformed = await call(server, "POST", "/api/anchor-auth/manage/", {
      token: alice.access,
      rawBody: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });
});

describe("anchor access info and permission checks", () => {
  it("shows an admin every grant, a reader only the public state, global grants and their own", async () => {
    const t = await makeTree(server, alice.access, { name: "信息" });
    await grant(alice, { anchor_id: t.信息, user_id: bob.user.id, auth_type: "read" });
    await grant(alice, { anchor_id: t.信息, user_id: carol.user.id, auth_type: "write" });
    await grant(alice, { anchor_id: t.信息, user_id: null, auth_type: "read" });
    const mine = await call(server, "GET", `/api/anchor-auth/?anchor_id=${t.信息}`, { token: alice.access });
    expect(mine.body).toMatchObject({ anchor_id: t.信息, is_public: false, can_grant: true });
    expect(mine.body.global_permissions).toEqual([expect.objectContaining({ auth_type: "read" })]);
    expect(mine.body.user_permissions.map((p: { user: { id: number } }) => p.user.id).sort()).toEqual(
      [bob.user.id, carol.user.id].sort(),
    );
    const bobs = await call(server, "GET", `/api/anchor-auth/?anchor_id=${t.信息}`, { token: bob.access });
    expect(bobs.body.can_grant).toBe(false);
    expect(bobs.body.user_permissions).toEqual([
      expect.objectContaining({ user: { id: bob.user.id, username: bob.user.username }, auth_type: "read" }),
    ]);
    const batch = await post("/api/anchor-auth/batch/", bob, { anchor_ids: [t.信息, 999_999] });
    expect(Object.keys(batch.body)).toEqual([String(t.信息)]);
  });

  it("check-permission answers has_permission for the target and can_grant for the caller", async () => {
    const t = await makeTree(server, alice.access, { name: "检查" });
    const check = (who: User, target: User, level?: string) =>
      call(
        server,
        "GET",
        `/api/anchor-auth/check-permission/?node_id=${t.检查}&target_user_id=${target.user.id}${level ? `&auth_type=${level}` : ""}`,
        { token: who.access },
      );
    expect((await check(alice, bob)).body).toEqual({ has_permission: false, can_grant: true });
    await grant(alice, { dnode_id: t.检查, user_id: bob.user.id, auth_type: "read" });
    expect((await check(alice, bob, "read")).body).toEqual({ has_permission: true, can_grant: true });
    expect((await check(alice, bob, "write")).body).toEqual({ has_permission: false, can_grant: true });
    expect((await check(bob, carol)).body).toEqual({ has_permission: false, can_grant: false });
    expect((await check(carol, bob)).status).toBe(403);
    const bad = await call(server, "GET", `/api/anchor-auth/check-permission/?node_id=${t.检查}`, {
      token: alice.access,
    });
    expect(bad.status).toBe(400);
  });
});

describe("per-node shares (dnode-permission)", () => {
  it("访问 and 编辑 apply to the node's whole subtree; toggles change only the flag sent", async () => {
    const t = await makeTree(server, alice.access, {
      name: "分享",
      children: [{ name: "节", children: [{ name: "叶" }] }],
    });
    const read = await share(alice, { dnode: t.节, user: bob.user.id, can_read: true });
    expect(read.body).toMatchObject({ dnode: t.节, user: bob.user.id, can_read: true, can_write: false });
    expect((await get(t.叶, bob)).status).toBe(200);
    expect((await get(t.分享, bob)).status).toBe(403);
    expect((await post(`/api/dnode/${t.叶}/update`, bob, { name: "叶改" })).status).toBe(403);
    const write = await share(alice, { dnode: t.节, user: bob.user.id, can_write: true });
    expect(write.body).toMatchObject({ can_read: true, can_write: true });
    expect((await post(`/api/dnode/${t.叶}/update`, bob, { name: "叶改" })).status).toBe(200);
    expect((await get(t.叶, alice)).body.name).toBe("叶改");
    const off = await share(alice, { dnode: t.节, user: bob.user.id, can_read: false });
    expect(off.body).toMatchObject({ can_read: false, can_write: false });
    expect((await get(t.叶, bob)).status).toBe(403);
  });

  it("lists, reads and deletes shares; a user may read their own; others get 403", async () => {
    const t = await makeTree(server, alice.access, { name: "名单" });
    await share(alice, { dnode: t.名单, user: bob.user.id, can_read: true });
    const list = await call(server, "GET", `/api/dnode-permission/?dnode_id=${t.名单}`, {
      token: alice.access,
    });
    expect(list.body).toEqual([
      expect.objectContaining({ user: bob.user.id, user_name: bob.user.username, can_read: true }),
    ]);
    const own = await call(
      server,
      "GET",
      `/api/dnode-permission/?dnode_id=${t.名单}&user_id=${bob.user.id}`,
      {
        token: bob.access,
      },
    );
    expect(own.body).toMatchObject({ can_read: true, can_write: false });
    const none = await call(
      server,
      "GET",
      `/api/dnode-permission/?dnode_id=${t.名单}&user_id=${carol.user.id}`,
      {
        token: alice.access,
      },
    );
    expect(none.body).toEqual({
      id: null,
      dnode: t.名单,
      user: carol.user.id,
      can_read: false,
      can_write: false,
    });
    expect(
      (await call(server, "GET", `/api/dnode-permission/?dnode_id=${t.名单}`, { token: bob.access })).status,
    ).toBe(403);
    const put = await call(server, "PUT", "/api/dnode-permission/", {
      token: alice.access,
      body: { id: own.body.id, dnode: t.名单, user: bob.user.id, can_read: true, can_write: true },
    });
    expect(put.body).toMatchObject({ can_read: true, can_write: true });
    const del = await call(
      server,
      "DELETE",
      `/api/dnode-permission/?dnode_id=${t.名单}&user_id=${bob.user.id}`,
      {
        token: alice.access,
      },
    );
    expect(del.body).toEqual({ success: true });
    expect((await get(t.名单, bob)).status).toBe(403);
    const noFlag = await share(alice, { dnode: t.名单, user: bob.user.id });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error).toBe(MESSAGES.missingParams);
    const badFlag = await share(alice, { dnode: t.名单, user: bob.user.id, can_read: "yes" });
    expect(badFlag.status).toBe(400);
  });

  it("a reference into a tree the caller cannot read shows as a locked placeholder", async () => {
    const carolsTree = await makeTree(server, carol.access, { name: "卡罗尔的秘密" });
    await share(carol, { dnode: carolsTree.卡罗尔的秘密, user: alice.user.id, can_read: true });
    const t = await makeTree(server, alice.access, { name: "引用宿主" });
    const refer = await post("/api/dnode/refer", alice, {
      refered_nodes_ids: [carolsTree.卡罗尔的秘密],
      target_node_id: t.引用宿主,
    });
    expect(refer.status).toBe(201);
    await grant(alice, { anchor_id: t.引用宿主, user_id: bob.user.id, auth_type: "read" });
    const seen = await call(server, "GET", `/api/dnode/${t.引用宿主}/relations_with_data/`, {
      token: bob.access,
    });
    expect(seen.status).toBe(200);
    // Among the host's related nodes (its parent, Alice's root, is locked to Bob too).
    expect(seen.body.related_nodes).toContainEqual(
      expect.objectContaining({ id: carolsTree.卡罗尔的秘密, locked: true, name: "", content: {} }),
    );
    expect(JSON.stringify(seen.body)).not.toContain("卡罗尔的秘密");
    const aliceSees = await call(server, "GET", `/api/dnode/${t.引用宿主}/relations_with_data/`, {
      token: alice.access,
    });
    expect(aliceSees.body.related_nodes).toContainEqual(expect.objectContaining({ name: "卡罗尔的秘密" }));
  });
});

describe("publishing and public knowledge", () => {
  it("a published tree is readable by everyone signed in, writable by no one new, and listed", async () => {
    const t = await makeTree(server, alice.access, { name: "公开的知识", children: [{ name: "内容" }] });
    const res = await post("/api/anchor-auth/publish/", alice, { dnode_id: t.内容, is_public: true });
    expect(res.body).toEqual({ success: true, anchor_id: t.公开的知识, is_public: true });
    const seen = await get(t.内容, carol);
    expect(seen.body).toMatchObject({
      is_public: true,
      permissions: { read: true, write: false, admin: false },
    });
    expect((await post(`/api/dnode/${t.内容}/update`, carol, { name: "乱改" })).status).toBe(403);
    expect(
      (await post("/api/anchor-auth/publish/", carol, { dnode_id: t.内容, is_public: false })).status,
    ).toBe(403);
    const list = await call(server, "GET", "/api/public-knowledge/?page=1&page_size=1", {
      token: carol.access,
    });
    expect(list.body.results.map((n: { id: number }) => n.id)).toEqual([t.公开的知识]);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    expect((await call(server, "GET", "/api/public-knowledge/")).status).toBe(401);
    expect(
      (await call(server, "GET", "/api/public-knowledge/?page=0", { token: carol.access })).body.code,
    ).toBe("VALIDATION_ERROR");
    await post("/api/anchor-auth/publish/", alice, { dnode_id: t.公开的知识, is_public: false });
    expect((await get(t.内容, carol)).status).toBe(403);
    const after = await call(server, "GET", "/api/public-knowledge/?page_size=100", { token: carol.access });
    expect(after.body.results.map((n: { id: number }) => n.id)).not.toContain(t.公开的知识);
  });

  it("lists a user's public, shared and received trees; others see only what they may read", async () => {
    const dave = await makeUser(server);
    const erin = await makeUser(server);
    const pub = await makeTree(server, dave.access, { name: "戴夫公开" });
    const sharedTree = await makeTree(server, dave.access, {
      name: "戴夫共享",
      children: [{ name: "戴夫子" }],
    });
    await post("/api/anchor-auth/publish/", dave, { dnode_id: pub.戴夫公开, is_public: true });
    await share(dave, { dnode: sharedTree.戴夫子, user: erin.user.id, can_read: true });
    const list = (who: User, type: string, userId = dave.user.id) =>
      call(server, "GET", `/api/user/public-anchors/?user_id=${userId}&type=${type}`, { token: who.access });
    const names = async (who: User, type: string, userId?: number) =>
      (await list(who, type, userId)).body.results.map((n: { name: string }) => n.name);
    expect(await names(carol, "public")).toEqual(["戴夫公开"]);
    expect(await names(dave, "shared")).toEqual(["戴夫共享"]);
    expect(await names(erin, "received", erin.user.id)).toEqual(["戴夫子"]);
    expect(await names(carol, "shared")).toEqual([]);
    expect(await names(carol, "received", erin.user.id)).toEqual([]);
    expect((await list(carol, "everything")).status).toBe(400);
    expect((await list(carol, "public", 999_999)).status).toBe(404);
  });
});
