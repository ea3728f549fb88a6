import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const firstScreen = (id: number, token?: string, query = "") =>
  call(server, "GET", `/api/dnode/${id}/first_screen/${query}`, { token });

describe("GET /api/dnode/{id}/first_screen/", () => {
  it("answers the node and the first page of each of its own groups, as the two calls would", async () => {
    const { dnode: page } = await createNode(server, owner.access, { name: "首屏" });
    for (let i = 0; i < 45; i++)
      await createNode(server, owner.access, { name: `孩子${i}`, location_id: page.id });
    await createNode(server, owner.access, { name: "一条笔记", location_id: page.id, relation_name: "NOTE" });

    const res = await firstScreen(page.id, owner.access);
    expect(res.status).toBe(200);
    const node = await call(server, "GET", `/api/dnode/${page.id}`, { token: owner.access });
    expect(res.body.dnode).toEqual(node.body);
    expect([...res.body.relation_names].sort()).toEqual(["CHILD_NODE", "NOTE"]);
    const lists = await call(
      server,
      "GET",
      `/api/dnode/${page.id}/relations_with_data/?relation_names=CHILD_NODE,NOTE`,
      { token: owner.access },
    );
    expect(res.body.pagination_info).toEqual(lists.body.pagination_info);
    expect(res.body.pagination_info.CHILD_NODE).toMatchObject({ page: 1, total: 45, has_more: true });
    expect(res.body.relations).toEqual(lists.body.relations);
    expect(res.body.related_nodes.map((n: { name: string }) => n.name)).toContain("一条笔记");
    // The parent side (x__ groups) belongs to other panels and is not asked for.
    expect(Object.keys(res.body.pagination_info).some((key) => key.startsWith("x__"))).toBe(false);
  });

  it("answers an empty child list for a leaf, and only the groups asked for with a page size", async () => {
    const ids = await makeTree(server, owner.access, {
      name: "叶子的家",
      children: [{ name: "甲" }, { name: "乙" }, { name: "丙" }],
    });
    const leaf = await firstScreen(ids.甲, owner.access);
    expect(leaf.status).toBe(200);
    expect(leaf.body.relation_names).toEqual(["CHILD_NODE"]);
    expect(leaf.body.relations).toEqual([]);
    // An empty group is simply absent, as relations_with_data leaves it.
    expect(leaf.body.pagination_info).toEqual({});

    const asked = await firstScreen(ids.叶子的家, owner.access, "?relation_names=CHILD_NODE&page_size=2");
    expect(asked.body.relation_names).toEqual(["CHILD_NODE"]);
    // The nodes come in no promised order; the relations carry the order.
    expect(asked.body.related_nodes.map((n: { name: string }) => n.name).sort()).toEqual(["乙", "甲"]);
    expect(asked.body.relations.map((r: { ynode: number }) => r.ynode)).toEqual([ids.甲, ids.乙]);
    expect(asked.body.pagination_info.CHILD_NODE).toMatchObject({ page_size: 2, total: 3, has_more: true });
  });

  it("401s without login, 403s a stranger with no trace of the node, 404s a missing node", async () => {
    const ids = await makeTree(server, owner.access, { name: "私人首屏", children: [{ name: "私人孩子" }] });
    expect((await firstScreen(ids.私人首屏)).status).toBe(401);
    const denied = await firstScreen(ids.私人首屏, stranger.access);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: MESSAGES.nodeForbidden, code: "FORBIDDEN" });
    expect(JSON.stringify(denied.body)).not.toContain("私人");
    const missing = await firstScreen(2_000_000_000, owner.access);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MESSAGES.nodeNotFound);
  });

  it("400s a bad id or a page size out of range, in Chinese", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "坏参数" });
    const badId = await call(server, "GET", "/api/dnode/abc/first_screen/", { token: owner.access });
    expect(badId.status).toBe(400);
    const badSize = await firstScreen(dnode.id, owner.access, "?page_size=500");
    expect(badSize.status).toBe(400);
    expect(badSize.body.error).toMatch(/[\u4e00-\u9fff]/);
    expect(badSize.body.code).toBeTruthy();
  });
});
