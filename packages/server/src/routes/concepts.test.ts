import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const node = (body: Record<string, unknown>) => createNode(server, owner.access, body);
const get = (id: number, token = owner.access) => call(server, "GET", `/api/dnode/${id}`, { token });

describe("inheritance", () => {
  it("gives sub-concepts and instances their parent concepts' rules, properties, methods and definitions", async () => {
    const { dnode: animal } = await node({ type: "CONCEPT", name: "动物" });
    const { dnode: rule } = await node({
      type: "RULE",
      name: "会呼吸",
      location_id: animal.id,
      relation_name: "RULE",
    });
    const { dnode: dog } = await node({ type: "CONCEPT", name: "狗" });
    await call(server, "POST", "/api/dnode_relation/create/", {
      token: owner.access,
      body: { x_node_id: dog.id, y_node_id: animal.id, y_name: "PARENT_CONCEPT" },
    });
    const { dnode: bark } = await node({
      type: "METHOD",
      name: "吠叫",
      location_id: dog.id,
      relation_name: "METHOD",
    });
    const { dnode: note } = await node({ type: "NOTE", name: "只是笔记", location_id: dog.id });
    const { dnode: wangcai } = await node({ type: "INSTANCE", name: "旺财", content: { class_id: dog.id } });

    const dogJson = (await get(dog.id)).body;
    expect(dogJson.relations.inheritances.head).toEqual([rule.id]);
    const wc = (await get(wangcai.id)).body;
    expect(wc.relations.inheritances.head).toEqual([bark.id, rule.id]);
    expect(wc.inheritance_groups.RULE.head).toEqual([rule.id]);
    expect(wc.inheritance_groups.METHOD.head).toEqual([bark.id]);
    expect(wc.relations.inheritances.head).not.toContain(note.id);
    const services = await call(server, "GET", `/api/virtual_dnodes/dnode_services/${wangcai.id}/`, {
      token: owner.access,
    });
    expect(services.body).toEqual([{ id: bark.id, name: "吠叫", service_name: "吠叫" }]);
  });

  it("lists the caller's classes only", async () => {
    await node({ type: "CONCEPT", name: "书", content: { tag: "book" } });
    const mine = await call(server, "GET", "/api/virtual_dnodes/all_classes/", { token: owner.access });
    expect(mine.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "书", tag: "book", type: "CONCEPT" })]),
    );
    const theirs = await call(server, "GET", "/api/virtual_dnodes/all_classes/", { token: stranger.access });
    expect(theirs.body).toEqual([]);
    expect((await call(server, "GET", "/api/virtual_dnodes/all_classes/")).status).toBe(401);
  });
});

describe("properties", () => {
  it("drops PROPERTY_DOMAIN links when the domain type is no longer concept", async () => {
    const { dnode: prop } = await node({
      type: "CONCEPT",
      name: "作者",
      content: { xtype: "ItemProperty", domaintype: "concept" },
    });
    const { dnode: person } = await node({ type: "CONCEPT", name: "人" });
    await call(server, "POST", "/api/dnode_relation/create/", {
      token: owner.access,
      body: { x_node_id: prop.id, y_node_id: person.id, y_name: "PROPERTY_DOMAIN" },
    });
    expect((await get(prop.id)).body.relations.PROPERTY_DOMAIN.size).toBe(1);
    await call(server, "POST", `/api/dnode/${prop.id}/update_content_field`, {
      token: owner.access,
      body: {
        content_type: "domaintype",
        content_value: "string",
        field_kind: "select",
        options: ["self", "concept", "number", "string", "boolean"],
      },
    });
    expect((await get(prop.id)).body.relations).not.toHaveProperty("PROPERTY_DOMAIN");
  });

  it("auto_create_inverse makes the inverse property, and a value set one way shows the other way", async () => {
    const { dnode: book } = await node({ type: "CONCEPT", name: "书籍" });
    const { dnode: writer } = await node({ type: "CONCEPT", name: "作家" });
    const { dnode: wrote, relation: wroteRel } = await node({
      type: "CONCEPT",
      name: "作者",
      location_id: book.id,
      relation_name: "PROPERTY",
      content: { xtype: "ItemProperty" },
    });
    await call(server, "POST", "/api/dnode_relation/create/", {
      token: owner.access,
      body: { x_node_id: wrote.id, y_node_id: writer.id, y_name: "PROPERTY_DOMAIN" },
    });
    const updated = await call(server, "POST", `/api/dnode/${wrote.id}/update`, {
      token: owner.access,
      body: { content: { auto_create_inverse: true } },
    });
    const inverseId = updated.body.content.inverse_property_id;
    expect(inverseId).toEqual(expect.any(Number));
    expect((await get(inverseId)).body).toMatchObject({
      name: "作者（反向）",
      parent_id: writer.id,
      main_relation: "PROPERTY",
    });

    const { dnode: novel } = await node({ type: "INSTANCE", name: "红楼梦", content: { class_id: book.id } });
    const { dnode: cao } = await node({ type: "INSTANCE", name: "曹雪芹", content: { class_id: writer.id } });
    await call(server, "POST", "/api/dnode/add_related_value", {
      token: owner.access,
      body: {
        dnode_id: novel.id,
        relation_name: `pv_${wroteRel.id}`,
        related_value: { value: cao.id, type: "Dnode" },
      },
    });
    const inverseRelation = (await get(writer.id)).body.relations.PROPERTY.dict[inverseId];
    expect(await childNames(server, owner.access, cao.id, `pv_${inverseRelation}`)).toEqual(["红楼梦"]);
  });
});
