import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const post = (path: string, body: unknown, token = owner.access) =>
  call(server, "POST", path, { token, body });
const get = (path: string, token = owner.access) => call(server, "GET", path, { token });

describe("/api/dnode_relation/*", () => {
  it("creates, reads, finds and deletes a link; the deleted relation is then a 404 in the spec's words", async () => {
    const t = await makeTree(server, owner.access, { name: "rel", children: [{ name: "a" }, { name: "b" }] });
    const created = await post("/api/dnode_relation/create/", {
      x_node_id: t.a,
      y_node_id: t.b,
      y_name: "RELATED_CONCEPT",
    });
    expect(created.status).toBe(200);
    expect(created.body.x_node.relations.RELATED_CONCEPT.head).toEqual([t.b]);
    expect(created.body.y_node.relations.x__RELATED_CONCEPT.head).toEqual([t.a]);
    const id = created.body.relation.id;
    expect((await get(`/api/dnode_relation/${id}/`)).body).toMatchObject({ id, xnode: t.a, ynode: t.b });
    expect(
      (
        await get(
          `/api/dnode_relation/get_by_nodes/?xnode_id=${t.a}&ynode_id=${t.b}&relation_name=RELATED_CONCEPT`,
        )
      ).body.id,
    ).toBe(id);
    expect(
      (await get(`/api/dnode_relation/get_relation_node/?xnode_id=${t.a}&relation_name=RELATED_CONCEPT`)).body
        .id,
    ).toBe(t.b);
    expect(
      (await get(`/api/dnode_relation/get_by_ids/?ids=${id},999999`)).body.relations.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([id]);
    const del = await call(server, "DELETE", `/api/dnode_relation/${id}/`, { token: owner.access });
    expect(del.body).toEqual({ success: true, deleted_dnode_ids: [] });
    const gone = await get(`/api/dnode_relation/${id}/`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(`关系记录 ${id} 不存在`);
    // The linked node itself is untouched.
    expect((await get(`/api/dnode/${t.b}`)).status).toBe(200);
  });

  it("deleting a node's main link deletes the node, as clearing an outline row does", async () => {
    const t = await makeTree(server, owner.access, { name: "main", children: [{ name: "only" }] });
    const rel = await get(
      `/api/dnode_relation/get_by_nodes/?xnode_id=${t.main}&ynode_id=${t.only}&relation_name=CHILD_NODE`,
    );
    const del = await call(server, "DELETE", `/api/dnode_relation/${rel.body.id}/`, { token: owner.access });
    expect(del.body.deleted_dnode_ids).toEqual([t.only]);
    expect((await get(`/api/dnode/${t.only}`)).status).toBe(404);
  });

  it("keyed lookups answer 404 when nothing matches", async () => {
    const t = await makeTree(server, owner.access, { name: "k", children: [{ name: "k1" }] });
    expect(
      (await get(`/api/dnode_relation/get_property_relation/?concept_id=${t.k}&property_id=${t.k1}`)).status,
    ).toBe(404);
    expect(
      (await get(`/api/dnode_relation/get_method_relation/?concept_id=${t.k}&method_id=${t.k1}`)).status,
    ).toBe(404);
    expect(
      (await get(`/api/dnode_relation/get_relation_node/?xnode_id=${t.k1}&relation_name=NOTE`)).status,
    ).toBe(404);
  });

  it("refuses a loop, a stranger and bad input", async () => {
    const t = await makeTree(server, owner.access, { name: "loop", children: [{ name: "inner" }] });
    const theirs = await makeTree(server, stranger.access, { name: "x" });
    expect(
      (await post("/api/dnode_relation/create/", { x_node_id: t.inner, y_node_id: t.loop })).status,
    ).toBe(400);
    expect(
      (await post("/api/dnode_relation/create/", { x_node_id: theirs.x, y_node_id: t.loop })).status,
    ).toBe(403);
    expect(
      (await post("/api/dnode_relation/create/", { x_node_id: t.loop, y_node_id: theirs.x })).status,
    ).toBe(403);
    expect(
      (await post("/api/dnode_relation/create/", { x_node_id: t.loop, y_node_id: t.inner, y_name: "BOGUS" }))
        .status,
    ).toBe(400);
    expect((await get("/api/dnode_relation/abc/")).status).toBe(400);
    expect((await get("/api/dnode_relation/get_by_ids/?ids=")).status).toBe(400);
    const rel = await get(
      `/api/dnode_relation/get_by_nodes/?xnode_id=${t.loop}&ynode_id=${t.inner}&relation_name=CHILD_NODE`,
    );
    expect((await get(`/api/dnode_relation/${rel.body.id}/`, stranger.access)).status).toBe(403);
    expect(
      (await call(server, "DELETE", `/api/dnode_relation/${rel.body.id}/`, { token: stranger.access }))
        .status,
    ).toBe(403);
    expect((await call(server, "GET", `/api/dnode_relation/${rel.body.id}/`)).status).toBe(401);
  });

  it("create_virtual makes a new named node under x", async () => {
    const t = await makeTree(server, owner.access, { name: "virt" });
    const res = await post("/api/dnode_relation/create_virtual/", {
      x_node_id: t.virt,
      y_node_name: "新概念",
      y_name: "RELATED_CONCEPT",
    });
    expect(res.body).toMatchObject({ name: "新概念", parent_id: t.virt, main_relation: "RELATED_CONCEPT" });
  });
});

describe("add_related_value and remove-relation", () => {
  it("adds a value node of the inferred type, an existing node, and a new named node", async () => {
    const t = await makeTree(server, owner.access, { name: "book", children: [{ name: "author" }] });
    const num = await post("/api/dnode/add_related_value", {
      dnode_id: t.book,
      relation_name: "PVALUE",
      related_value: { value: 42 },
    });
    expect(num.status).toBe(200);
    expect(num.body.node).toMatchObject({
      type: "PVALUE",
      name: "42",
      content: { value: 42, value_type: "Number" },
    });
    const link = await post("/api/dnode/add_related_value", {
      dnode_id: t.book,
      relation_name: "RELATED_CONCEPT",
      related_value: { value: t.author, type: "DNODE" },
      key: "作者",
    });
    expect(link.body.relation).toMatchObject({ ynode: t.author, key: "作者" });
    const fresh = await post("/api/dnode/add_related_value", {
      dnode_id: t.book,
      relation_name: "NOTE",
      related_value: { value: "好书", type: "NEWDNODE", custom_prefix: "评价" },
    });
    expect(fresh.body.node).toMatchObject({
      name: "好书",
      type: "NOTE",
      content: { custom_prefix: "评价" },
      parent_id: t.book,
    });
    const list = await post("/api/dnode/add_related_value", {
      dnode_id: t.book,
      relation_name: "PVALUE",
      related_value: { value: ["a", "b"] },
    });
    expect(list.body.node.type).toBe("LIST");
  });

  it("replaces the value of a single-valued property and keeps every value of a list property", async () => {
    const { dnode: cls } = await createNode(server, owner.access, { type: "CONCEPT", name: "人" });
    const { relation: ageRel } = await createNode(server, owner.access, {
      type: "CONCEPT",
      name: "年龄",
      location_id: cls.id,
      relation_name: "PROPERTY",
      content: { xtype: "ItemProperty" },
    });
    const { relation: tagRel } = await createNode(server, owner.access, {
      type: "CONCEPT",
      name: "爱好",
      location_id: cls.id,
      relation_name: "PROPERTY",
      content: { xtype: "ListProperty" },
    });
    const { dnode: person } = await createNode(server, owner.access, { type: "INSTANCE", name: "小明" });
    const add = (relation: number, value: unknown) =>
      post("/api/dnode/add_related_value", {
        dnode_id: person.id,
        relation_name: `pv_${relation}`,
        related_value: { value },
      });
    await add(ageRel.id, 10);
    await add(ageRel.id, 11);
    await add(tagRel.id, "读书");
    await add(tagRel.id, "跑步");
    expect(await childNames(server, owner.access, person.id, `pv_${ageRel.id}`)).toEqual(["11"]);
    expect(await childNames(server, owner.access, person.id, `pv_${tagRel.id}`)).toEqual(["读书", "跑步"]);
  });

  it("remove-relation cuts a link, or deletes a value node placed there", async () => {
    const t = await makeTree(server, owner.access, { name: "rm", children: [{ name: "linked" }] });
    const v = await post("/api/dnode/add_related_value", {
      dnode_id: t.rm,
      relation_name: "PVALUE",
      related_value: { value: "x" },
    });
    await post("/api/dnode/add_related_value", {
      dnode_id: t.rm,
      relation_name: "REFERENCE",
      related_value: { value: t.linked, type: "Dnode" },
    });
    const cut = await post(`/api/dnode/${t.rm}/remove-relation/`, {
      relation_name: "REFERENCE",
      y_node_id: t.linked,
    });
    expect(cut.body.deleted_dnode_ids).toEqual([]);
    const gone = await post(`/api/dnode/${t.rm}/remove-relation/`, {
      relation_name: "PVALUE",
      y_node_id: v.body.node.id,
    });
    expect(gone.body.deleted_dnode_ids).toEqual([v.body.node.id]);
    expect(
      (
        await post(`/api/dnode/${t.rm}/remove-relation/`, {
          relation_name: "PVALUE",
          y_node_id: v.body.node.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          `/api/dnode/${t.rm}/remove-relation/`,
          { relation_name: "CHILD_NODE", y_node_id: t.linked },
          stranger.access,
        )
      ).status,
    ).toBe(403);
  });

  it("refuses bad input and strangers", async () => {
    const t = await makeTree(server, owner.access, { name: "guard" });
    const theirs = await makeTree(server, stranger.access, { name: "theirs" });
    const add = (body: unknown, token = owner.access) => post("/api/dnode/add_related_value", body, token);
    expect(
      (await add({ dnode_id: t.guard, relation_name: "PVALUE", related_value: { value: 1, type: "Weird" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await add({
          dnode_id: t.guard,
          relation_name: "PVALUE",
          related_value: { value: "abc", type: "Dnode" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await add({ dnode_id: t.guard, relation_name: "PVALUE", side: "x", related_value: { value: 1 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await add({
          dnode_id: t.guard,
          relation_name: "REFERENCE",
          related_value: { value: theirs.theirs, type: "Dnode" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await add(
          { dnode_id: t.guard, relation_name: "PVALUE", related_value: { value: 1 } },
          stranger.access,
        )
      ).status,
    ).toBe(403);
    expect((await call(server, "POST", "/api/dnode/add_related_value", { body: {} })).status).toBe(401);
  });
});
