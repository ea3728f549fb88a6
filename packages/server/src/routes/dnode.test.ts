import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

describe("POST /api/dnode/create/", () => {
  it("starts a tree of its own under the caller's root by default, shown on home by a USER_ROOT card", async () => {
    const { dnode, relation } = await createNode(server, owner.access, { type: "DIR", name: "我的知识树" });
    expect(dnode).toMatchObject({
      name: "我的知识树",
      type: "DIR",
      parent_id: owner.user.content.user_root_node_id,
      main_relation: "CHILD_NODE",
      owner_id: owner.user.id,
      creator_id: owner.user.id,
      creator_name: owner.user.username,
      anchor_id: dnode.id,
      version: 1,
      permissions: { read: true, write: true, admin: true },
    });
    expect(relation).toMatchObject({
      xnode: owner.user.content.user_root_node_id,
      ynode: dnode.id,
      relation_name: "USER_ROOT",
    });
  });

  it("removing the card from home drops the card only: the tree stays under 我的根节点", async () => {
    const root = owner.user.content.user_root_node_id!;
    const { dnode } = await createNode(server, owner.access, { type: "DIR", name: "留着的树" });
    const child = await createNode(server, owner.access, { name: "树叶", location_id: dnode.id });
    expect(await childNames(server, owner.access, root, "USER_ROOT")).toContain("留着的树");
    const removed = await call(server, "POST", `/api/dnode/${root}/remove-relation/`, {
      token: owner.access,
      body: { relation_name: "USER_ROOT", y_node_id: dnode.id },
    });
    expect(removed.status).toBe(200);
    expect(await childNames(server, owner.access, root, "USER_ROOT")).not.toContain("留着的树");
    expect(await childNames(server, owner.access, root, "CHILD_NODE")).toContain("留着的树");
    expect((await call(server, "GET", `/api/dnode/${child.dnode.id}`, { token: owner.access })).status).toBe(
      200,
    );
    // 添加到首页 brings the card back without moving the tree.
    const back = await call(server, "POST", "/api/dnode/refer", {
      token: owner.access,
      body: { refered_nodes_ids: [dnode.id], target_node_id: root, relation_name: "USER_ROOT" },
    });
    expect(back.status).toBe(201);
    expect(await childNames(server, owner.access, root, "USER_ROOT")).toContain("留着的树");
  });

  it("hangs a child under CHILD_NODE in its location's tree, last by default, before next_id when given", async () => {
    const ids = await makeTree(server, owner.access, {
      name: "root",
      children: [{ name: "a" }, { name: "c" }],
    });
    const { dnode: b } = await createNode(server, owner.access, {
      name: "b",
      location_id: ids.root,
      next_id: ids.c,
    });
    expect(b).toMatchObject({ parent_id: ids.root, main_relation: "CHILD_NODE", anchor_id: ids.root });
    await createNode(server, owner.access, { name: "first", location_id: ids.root, next_id: ids.a });
    expect(await childNames(server, owner.access, ids.root)).toEqual(["first", "a", "b", "c"]);
    const root = await call(server, "GET", `/api/dnode/${ids.root}`, { token: owner.access });
    expect(root.body.relations.CHILD_NODE.size).toBe(4);
    expect(root.body.relations.CHILD_NODE.head).toHaveLength(4);
  });

  it("keeps the order right through many inserts at one spot (renumbering)", async () => {
    const ids = await makeTree(server, owner.access, {
      name: "crowd",
      children: [{ name: "start" }, { name: "end" }],
    });
    let before = ids.end;
    const expected: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { dnode } = await createNode(server, owner.access, {
        name: `n${i}`,
        location_id: ids.crowd,
        next_id: before,
      });
      expected.unshift(`n${i}`);
      before = dnode.id;
    }
    expect(await childNames(server, owner.access, ids.crowd)).toEqual(["start", ...expected, "end"]);
  });

  it("gives 20 parallel inserts before one node 20 distinct, ordered places", async () => {
    const ids = await makeTree(server, owner.access, {
      name: "race",
      children: [{ name: "head" }, { name: "tail" }],
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createNode(server, owner.access, { name: `p${i}`, location_id: ids.race, next_id: ids.tail }),
      ),
    );
    const res = await call(
      server,
      "GET",
      `/api/dnode/${ids.race}/relations_with_data/?page_size=200&relation_names=CHILD_NODE`,
      {
        token: owner.access,
      },
    );
    const orders = res.body.relations.map((r: { yorder: number }) => r.yorder);
    expect(new Set(orders).size).toBe(22);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    const names = await childNames(server, owner.access, ids.race);
    expect(names[0]).toBe("head");
    expect(names[21]).toBe("tail");
    expect(new Set(names.slice(1, 21))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `p${i}`)));
  });

  it("refuses bad input with 400 and a Chinese message", async () => {
    const ids = await makeTree(server, owner.access, { name: "bad-input", children: [{ name: "x" }] });
    const other = await makeTree(server, owner.access, { name: "elsewhere", children: [{ name: "y" }] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: "WIDGET", name: "n" }, MESSAGES.nodeTypeInvalid],
      [{ type: "USER", name: "n" }, "用户根节点只能在注册时创建"],
      [{ name: 5 }, "name：无效输入：期望 string，实际接收 数字"],
      [
        { name: "n", relation_name: "NOT_A_RELATION", location_id: ids["bad-input"] },
        MESSAGES.relationNameInvalid,
      ],
      [{ name: "n", location_id: "abc" }, MESSAGES.idInvalid],
      [{ name: "n", location_id: ids["bad-input"], next_id: other.y }, MESSAGES.nextNodeNotSibling],
      [{ name: "n", content: "text" }, "content：无效输入：期望 record，实际接收 string"],
    ];
    for (const [body, message] of cases) {
      const res = await call(server, "POST", "/api/dnode/create/", { token: owner.access, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
    expect(await childNames(server, owner.access, ids["bad-input"])).toEqual(["x"]);
  });

  it("401s without login, 403s under someone else's node, 404s under a missing one", async () => {
    const ids = await makeTree(server, owner.access, { name: "private" });
    expect((await call(server, "POST", "/api/dnode/create/", { body: { name: "n" } })).status).toBe(401);
    const denied = await call(server, "POST", "/api/dnode/create/", {
      token: stranger.access,
      body: { name: "intruder", location_id: ids.private },
    });
    expect(denied.status).toBe(403);
    const missing = await call(server, "POST", "/api/dnode/create/", {
      token: owner.access,
      body: { name: "n", location_id: 2_000_000_000 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MESSAGES.nodeNotFound);
  });
});

describe("GET /api/dnode/{id}", () => {
  it("shows the node with both sides of its relation groups", async () => {
    const ids = await makeTree(server, owner.access, { name: "parent", children: [{ name: "kid" }] });
    const kid = await call(server, "GET", `/api/dnode/${ids.kid}`, { token: owner.access });
    expect(kid.status).toBe(200);
    expect(kid.body.relations.x__CHILD_NODE).toMatchObject({ size: 1, head: [ids.parent] });
    expect(kid.body).not.toHaveProperty("search_vector");
    expect(kid.body).not.toHaveProperty("searchVector");
  });

  it("403s a stranger with the spec's message and no trace of the node", async () => {
    const ids = await makeTree(server, owner.access, { name: "秘密笔记" });
    const res = await call(server, "GET", `/api/dnode/${ids.秘密笔记}`, { token: stranger.access });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(MESSAGES.nodeForbidden);
    expect(JSON.stringify(res.body)).not.toContain("秘密笔记");
  });

  it("404s a missing node, 400s a bad id, 401s without login", async () => {
    const missing = await call(server, "GET", "/api/dnode/2000000000", { token: owner.access });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MESSAGES.nodeNotFound);
    expect((await call(server, "GET", "/api/dnode/0", { token: owner.access })).status).toBe(400);
    expect((await call(server, "GET", "/api/dnode/1")).status).toBe(401);
  });
});

describe("POST /api/dnode/{id}/update", () => {
  it("changes name and content, merges content keys, bumps the version", async () => {
    const { dnode } = await createNode(server, owner.access, {
      name: "草稿",
      content: { text: "<p>一</p>", tag: "x" },
    });
    const res = await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: owner.access,
      body: { name: "定稿", content: { text: "<p>二</p>", tag: null, lang: "zh" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "定稿",
      version: 2,
      evolves: 1,
      content: { text: "<p>二</p>", lang: "zh" },
    });
    expect(res.body.content).not.toHaveProperty("tag");
  });

  it("strips scripts and event handlers from rich text on the server", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "xss" });
    const res = await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: owner.access,
      body: {
        content: {
          text: '<p onclick="steal()">hi<script>alert(1)</script><a href="javascript:x()">l</a></p>',
        },
      },
    });
    expect(res.body.content.text).toBe("<p>hi<a>l</a></p>");
  });

  it("loses no key when two updates race", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "race" });
    await Promise.all(
      ["a", "b", "c", "d", "e"].map((key) =>
        call(server, "POST", `/api/dnode/${dnode.id}/update`, {
          token: owner.access,
          body: { content: { [key]: key } },
        }),
      ),
    );
    const res = await call(server, "GET", `/api/dnode/${dnode.id}`, { token: owner.access });
    expect(res.body.content).toMatchObject({ a: "a", b: "b", c: "c", d: "d", e: "e" });
    expect(res.body.version).toBe(6);
  });

  it("403s a stranger and leaves the node unchanged; 400s bad fields; 401s without login", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "mine" });
    const denied = await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: stranger.access,
      body: { name: "theirs" },
    });
    expect(denied.status).toBe(403);
    expect(
      (
        await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
          token: owner.access,
          body: { type: "NOPE" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(server, "POST", `/api/dnode/${dnode.id}/update`, { body: { name: "x" } })).status,
    ).toBe(401);
    const after = await call(server, "GET", `/api/dnode/${dnode.id}`, { token: owner.access });
    expect(after.body).toMatchObject({ name: "mine", version: 1 });
  });
});

describe("ordering in a long list", () => {
  it("makes room at a crowded spot locally: far siblings keep their order values, all stay in order", async () => {
    const { dnode: list } = await createNode(server, owner.access, { name: "long list" });
    const ids: number[] = [];
    for (let i = 0; i < 150; i++)
      ids.push((await createNode(server, owner.access, { name: `row${i}`, location_id: list.id })).dnode.id);
    const orders = async () => {
      const res = await call(
        server,
        "GET",
        `/api/dnode/${list.id}/relations_with_data/?page_size=200&relation_names=CHILD_NODE`,
        {
          token: owner.access,
        },
      );
      return new Map<number, number>(
        res.body.relations.map((r: { ynode: number; yorder: number }) => [r.ynode, r.yorder]),
      );
    };
    const before = await orders();
    const [first, hundredth, last] = [ids.at(0), ids.at(100), ids.at(-1)];
    if (first === undefined || hundredth === undefined || last === undefined) throw new Error("rows missing");
    let next = hundredth;
    for (let i = 0; i < 30; i++)
      next = (
        await createNode(server, owner.access, { name: `ins${i}`, location_id: list.id, next_id: next })
      ).dnode.id;
    const after = await orders();
    expect(after.get(first)).toBe(before.get(first));
    expect(after.get(last)).toBe(before.get(last));
    const sorted = [...after.values()];
    expect(new Set(sorted).size).toBe(180);
    expect([...sorted].sort((a, b) => a - b)).toEqual(sorted);
    const names = await childNames(server, owner.access, list.id);
    expect(names.slice(99, 131)).toEqual([
      "row99",
      ...Array.from({ length: 30 }, (_, i) => `ins${29 - i}`),
      "row100",
    ]);
  });
});

describe("GET /api/dnode/{id}/relations_with_data/ paging", () => {
  it("pages a group 40 at a time by default and reports its size, also past the end", async () => {
    const { dnode: parent } = await createNode(server, owner.access, { name: "pages" });
    for (let i = 0; i < 45; i++)
      await createNode(server, owner.access, { name: `c${i}`, location_id: parent.id });
    const page = (query: string) =>
      call(server, "GET", `/api/dnode/${parent.id}/relations_with_data/?relation_names=CHILD_NODE${query}`, {
        token: owner.access,
      });
    const first = await page("");
    expect(first.body.relations).toHaveLength(40);
    expect(first.body.related_nodes).toHaveLength(40);
    expect(first.body.pagination_info.CHILD_NODE).toEqual({
      page: 1,
      page_size: 40,
      total: 45,
      has_more: true,
    });
    const second = await page(`&relation_pages=${encodeURIComponent('{"CHILD_NODE":2}')}`);
    expect(second.body.relations.map((r: { ynode: number }) => r.ynode)).toHaveLength(5);
    expect(second.body.pagination_info.CHILD_NODE.has_more).toBe(false);
    const beyond = await page(`&relation_pages=${encodeURIComponent('{"CHILD_NODE":9}')}`);
    expect(beyond.body.relations).toEqual([]);
    expect(beyond.body.pagination_info.CHILD_NODE).toMatchObject({ total: 45, has_more: false });
    const newest = await page("&order_by=-created_at&page_size=1");
    expect(newest.body.related_nodes[0].name).toBe("c44");
    expect((await page("&relation_pages=notjson")).status).toBe(400);
    expect((await page("&page_size=500")).status).toBe(400);
  });

  it("pages the parent side too, as x__ groups, and batches several nodes in one call", async () => {
    const t = await makeTree(server, owner.access, {
      name: "bp",
      children: [{ name: "k1" }, { name: "k2" }],
    });
    const res = await call(
      server,
      "GET",
      `/api/dnode/batch_relations_with_data/?node_ids=${t.bp},${t.k1},999999999`,
      { token: owner.access },
    );
    expect(res.status).toBe(200);
    expect(res.body.results[t.bp].pagination_info.CHILD_NODE.total).toBe(2);
    expect(res.body.results[t.k1].pagination_info.x__CHILD_NODE.total).toBe(1);
    expect(res.body.unavailable_ids).toEqual([999999999]);
    expect(res.body.all_related_nodes.map((n: { name: string }) => n.name)).toEqual(
      expect.arrayContaining(["k1", "k2", "bp"]),
    );
    const denied = await call(server, "GET", `/api/dnode/batch_relations_with_data/?node_ids=${t.bp}`, {
      token: stranger.access,
    });
    expect(denied.body.unavailable_ids).toEqual([t.bp]);
    expect(JSON.stringify(denied.body)).not.toContain("k1");
  });
});
