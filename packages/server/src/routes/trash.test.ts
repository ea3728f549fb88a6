import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredTrash } from "../services/trash/purge";
import { call, makeUser } from "../test/client";
import { childNames, createNode, makeTree } from "../test/factories";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
let owner: Awaited<ReturnType<typeof makeUser>>;
let helper: Awaited<ReturnType<typeof makeUser>>;
let stranger: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer();
  owner = await makeUser(server);
  helper = await makeUser(server);
  stranger = await makeUser(server);
});
afterAll(() => server.close());

const del = (token: string, ids: number[]) =>
  call(server, "POST", "/api/dnode/delete_batch", { token, body: { ids } });
const restore = (token: string, body: Record<string, unknown>) =>
  call(server, "POST", "/api/trash/restore/", { token, body });
const bin = (token: string) => call(server, "GET", "/api/trash/", { token });
const getNode = (token: string, id: number) => call(server, "GET", `/api/dnode/${id}`, { token });
const share = (token: string, dnode: number, user: number, flags: Record<string, boolean>) =>
  call(server, "POST", "/api/dnode-permission/", { token, body: { dnode, user, ...flags } });

describe("deleting keeps the subtree in the recycle bin", () => {
  it("restores a deleted subtree with the same ids, children, place among siblings and links", async () => {
    const ids = await makeTree(server, owner.access, {
      name: "书架",
      children: [
        { name: "甲" },
        { name: "乙", children: [{ name: "乙一" }, { name: "乙二" }] },
        { name: "丙" },
      ],
    });
    const elsewhere = await makeTree(server, owner.access, { name: "别处" });
    const refer = await call(server, "POST", "/api/dnode/refer", {
      token: owner.access,
      body: { refered_nodes_ids: [ids.乙二], target_node_id: elsewhere.别处 },
    });
    expect(refer.status).toBe(201);

    const deleted = await del(owner.access, [ids.乙!]);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_dnode_ids.sort()).toEqual([ids.乙, ids.乙一, ids.乙二].sort());
    expect(deleted.body.trash_batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getNode(owner.access, ids.乙!)).status).toBe(404);
    expect(await childNames(server, owner.access, ids.书架!)).toEqual(["甲", "丙"]);
    expect(await childNames(server, owner.access, elsewhere.别处!)).toEqual([]);

    const listed = await bin(owner.access);
    expect(listed.status).toBe(200);
    expect(listed.body.results[0]).toMatchObject({
      root_id: ids.乙,
      name: "乙",
      node_count: 3,
      batch_id: deleted.body.trash_batch_id,
      parent: { id: ids.书架, name: "书架" },
      deleted_by: { id: owner.user.id },
    });
    const expires =
      Date.parse(listed.body.results[0].expires_at) - Date.parse(listed.body.results[0].deleted_at);
    expect(expires).toBe(30 * 24 * 3600 * 1000);

    const restored = await restore(owner.access, { batch_id: deleted.body.trash_batch_id });
    expect(restored.status).toBe(200);
    expect(restored.body.restored_ids.sort()).toEqual([ids.乙, ids.乙一, ids.乙二].sort());
    expect(restored.body.roots).toEqual([{ id: ids.乙, parent_id: ids.书架 }]);
    expect(await childNames(server, owner.access, ids.书架!)).toEqual(["甲", "乙", "丙"]);
    expect(await childNames(server, owner.access, ids.乙!)).toEqual(["乙一", "乙二"]);
    expect(await childNames(server, owner.access, elsewhere.别处!)).toEqual(["乙二"]);
    const node = await getNode(owner.access, ids.乙!);
    expect(node.body).toMatchObject({ id: ids.乙, name: "乙", parent_id: ids.书架, anchor_id: ids.书架 });
    expect(node.body.relations.CHILD_NODE.size).toBe(2);
    expect((await bin(owner.access)).body.results.map((r: { root_id: number }) => r.root_id)).not.toContain(
      ids.乙,
    );
  });

  it("keeps history, and a restored node can be found by search again", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "回收测试词条" });
    await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: owner.access,
      body: { name: "回收测试词条改名" },
    });
    const deleted = await del(owner.access, [dnode.id]);
    await restore(owner.access, { batch_id: deleted.body.trash_batch_id });
    const evolves = await call(server, "GET", `/api/dnode/${dnode.id}/evolves`, { token: owner.access });
    expect(evolves.status).toBe(200);
    expect(JSON.stringify(evolves.body)).toContain("回收测试词条");
    const found = await call(server, "GET", `/api/dnode/search/?search=${encodeURIComponent("回收测试")}`, {
      token: owner.access,
    });
    expect(found.body.map((n: { id: number }) => n.id)).toContain(dnode.id);
  });

  it("brings back a tree's shares with it", async () => {
    const ids = await makeTree(server, owner.access, { name: "共享的书", children: [{ name: "一章" }] });
    expect((await share(owner.access, ids.共享的书!, stranger.user.id, { can_read: true })).status).toBe(200);
    expect((await getNode(stranger.access, ids.一章!)).status).toBe(200);
    const deleted = await del(owner.access, [ids.共享的书!]);
    expect((await getNode(stranger.access, ids.一章!)).status).toBe(404);
    await restore(owner.access, { batch_id: deleted.body.trash_batch_id });
    expect((await getNode(stranger.access, ids.一章!)).status).toBe(200);
  });

  it("plants a subtree whose place is gone on the owner's home; others are told only the owner can", async () => {
    const ids = await makeTree(server, owner.access, { name: "旧书", children: [{ name: "留下的一页" }] });
    const page = await del(owner.access, [ids.留下的一页!]);
    await del(owner.access, [ids.旧书!]);
    const restored = await restore(owner.access, { batch_id: page.body.trash_batch_id });
    expect(restored.status).toBe(200);
    const root = owner.user.content.user_root_node_id;
    expect(restored.body.roots).toEqual([{ id: ids.留下的一页, parent_id: root }]);
    const node = await getNode(owner.access, ids.留下的一页!);
    expect(node.body).toMatchObject({ parent_id: root, anchor_id: ids.留下的一页 });
    expect(await childNames(server, owner.access, root!, "USER_ROOT")).toContain("留下的一页");
  });

  it("lets a writer who deleted restore while they may write the old place, and refuses after the share ends", async () => {
    const ids = await makeTree(server, owner.access, { name: "合写的书", children: [{ name: "草稿" }] });
    await share(owner.access, ids.合写的书!, helper.user.id, { can_write: true });
    const deleted = await del(helper.access, [ids.草稿!]);
    expect(deleted.status).toBe(200);
    // Both the owner and the one who deleted find it in their bin; nobody else does.
    for (const who of [owner, helper]) {
      const roots = (await bin(who.access)).body.results.map((r: { root_id: number }) => r.root_id);
      expect(roots).toContain(ids.草稿);
    }
    const strangers = (await bin(stranger.access)).body.results.map((r: { root_id: number }) => r.root_id);
    expect(strangers).not.toContain(ids.草稿);
    expect((await restore(stranger.access, { batch_id: deleted.body.trash_batch_id })).status).toBe(404);

    await call(
      server,
      "DELETE",
      `/api/dnode-permission/?dnode_id=${ids.合写的书}&user_id=${helper.user.id}`,
      {
        token: owner.access,
      },
    );
    const refused = await restore(helper.access, { batch_id: deleted.body.trash_batch_id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.trashRestoreForbidden);
    expect((await restore(owner.access, { batch_id: deleted.body.trash_batch_id })).status).toBe(200);
    expect(await childNames(server, owner.access, ids.合写的书!)).toEqual(["草稿"]);
  });

  it("purges an item for good on request, and a second restore of it finds nothing", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "不要了" });
    const deleted = await del(owner.access, [dnode.id]);
    const item = (await bin(owner.access)).body.results.find(
      (r: { root_id: number }) => r.root_id === dnode.id,
    );
    expect((await call(server, "DELETE", `/api/trash/${item.id}/`, { token: stranger.access })).status).toBe(
      404,
    );
    expect((await call(server, "DELETE", `/api/trash/${item.id}/`, { token: owner.access })).status).toBe(
      200,
    );
    const again = await restore(owner.access, { batch_id: deleted.body.trash_batch_id });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(MESSAGES.trashItemNotFound);
  });
});

describe("deleting leaves other people's references alone", () => {
  it("deletes the caller's own REF nodes to a deleted node, and keeps another user's", async () => {
    const ids = await makeTree(server, owner.access, { name: "公开的概念" });
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: owner.access,
      body: { dnode_id: ids.公开的概念, is_public: true },
    });
    const mine = await createNode(server, owner.access, {
      type: "REF",
      name: "我的引用",
      content: { ref_id: ids.公开的概念 },
    });
    const theirs = await createNode(server, stranger.access, {
      type: "REF",
      name: "别人的引用",
      content: { ref_id: ids.公开的概念 },
    });
    const theirNote = await createNode(server, stranger.access, {
      name: "别人的笔记",
      location_id: theirs.dnode.id,
    });
    const deleted = await del(owner.access, [ids.公开的概念!]);
    expect(deleted.body.deleted_dnode_ids).toContain(mine.dnode.id);
    expect(deleted.body.deleted_dnode_ids).not.toContain(theirs.dnode.id);
    expect((await getNode(stranger.access, theirs.dnode.id)).status).toBe(200);
    expect((await getNode(stranger.access, theirNote.dnode.id)).status).toBe(200);
    // Restoring brings the owner's own reference back too: it went in the same batch.
    await restore(owner.access, { batch_id: deleted.body.trash_batch_id });
    expect((await getNode(owner.access, mine.dnode.id)).status).toBe(200);
  });
});

describe("the recycle bin's calls refuse what they must", () => {
  it("needs a user", async () => {
    expect((await call(server, "GET", "/api/trash/")).status).toBe(401);
    expect((await call(server, "POST", "/api/trash/restore/", { body: { ids: [1] } })).status).toBe(401);
    expect((await call(server, "DELETE", "/api/trash/1/")).status).toBe(401);
  });

  it("answers bad input with 400 and a Chinese message", async () => {
    for (const body of [
      {},
      { ids: [] },
      { batch_id: "x" },
      { ids: [1], batch_id: crypto.randomUUID() },
      { ids: [true] },
      { ids: ["1"] },
    ]) {
      const res = await restore(owner.access, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await call(server, "GET", "/api/trash/?page=0", { token: owner.access })).status).toBe(400);
    expect((await call(server, "DELETE", "/api/trash/abc/", { token: owner.access })).status).toBe(400);
  });
});

describe("purging deletes the uploaded files no other node shows", () => {
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082",
    "hex",
  );
  async function uploadImage(): Promise<string> {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(PNG)]), "图.png");
    const res = await fetch(`${server.url}/api/upload/`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner.access}` },
    });
    return ((await res.json()) as { image_path: string }).image_path;
  }
  const media = (path: string) => fetch(`${server.url}/api/media/${path}`).then((r) => r.status);

  it("keeps the file while the node is in the bin, deletes it when the item is purged", async () => {
    const imagePath = await uploadImage();
    const { dnode } = await createNode(server, owner.access, {
      type: "IMAGE",
      name: "图",
      content: { image_path: imagePath },
    });
    const deleted = await del(owner.access, [dnode.id]);
    expect(await media(imagePath)).toBe(200);
    const item = (await bin(owner.access)).body.results.find(
      (r: { batch_id: string }) => r.batch_id === deleted.body.trash_batch_id,
    );
    expect((await call(server, "DELETE", `/api/trash/${item.id}/`, { token: owner.access })).status).toBe(
      200,
    );
    expect(await media(imagePath)).toBe(404);
  });

  it("purges items older than 30 days with their files, and nothing younger", async () => {
    const old = await uploadImage();
    const young = await uploadImage();
    const a = await createNode(server, owner.access, {
      type: "IMAGE",
      name: "旧图",
      content: { image_path: old },
    });
    const b = await createNode(server, owner.access, {
      type: "IMAGE",
      name: "新图",
      content: { image_path: young },
    });
    const oldBatch = (await del(owner.access, [a.dnode.id])).body.trash_batch_id;
    const youngBatch = (await del(owner.access, [b.dnode.id])).body.trash_batch_id;
    await server.database.db.execute(
      sql`update trash_item set deleted_at = now() - interval '31 days' where batch_id = ${oldBatch}`,
    );
    expect(await purgeExpiredTrash(server.database.db, server.config.dataDir)).toBe(1);
    expect(await media(old)).toBe(404);
    expect(await media(young)).toBe(200);
    expect((await restore(owner.access, { batch_id: oldBatch })).status).toBe(404);
    expect((await restore(owner.access, { batch_id: youngBatch })).status).toBe(200);
  });
});
