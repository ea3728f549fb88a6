import { MESSAGES } from "@zhishu/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { startTestServer, type TestServer } from "../test/harness";

// Ways one user could read or grow another user's private nodes, found by probing as an attacker would.
let server: TestServer;
let alice: Awaited<ReturnType<typeof makeUser>>;
let mallory: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer();
  alice = await makeUser(server);
  mallory = await makeUser(server);
});
afterAll(() => server.close());

const get = (id: number, token: string) => call(server, "GET", `/api/dnode/${id}`, { token });

/** Alice's private concept with a method, a rule and a property hung on it. */
async function privateConcept() {
  const { dnode: concept } = await createNode(server, alice.access, { type: "CONCEPT", name: "私密概念" });
  const parts: Record<string, number> = {};
  for (const [type, relation, name] of [
    ["METHOD", "METHOD", "私密方法"],
    ["RULE", "RULE", "私密规则"],
    ["CONCEPT", "PROPERTY", "私密属性"],
  ] as const) {
    const { dnode } = await createNode(server, alice.access, {
      type,
      name,
      location_id: concept.id,
      relation_name: relation,
    });
    parts[relation] = dnode.id;
  }
  return { concept, parts };
}

describe("inheritance lists only concepts the caller may read", () => {
  it("gives nothing away through class_id or parent_concepts pointing at someone else's private concept", async () => {
    const { concept } = await privateConcept();
    const { dnode: probe } = await createNode(server, mallory.access, {
      type: "INSTANCE",
      name: "探针",
      content: { class_id: concept.id, parent_concepts: [concept.id] },
    });
    const json = (await get(probe.id, mallory.access)).body;
    expect(json.relations.inheritances).toBeUndefined();
    expect(json.inheritance_groups).toBeUndefined();
    const services = await call(server, "GET", `/api/virtual_dnodes/dnode_services/${probe.id}/`, {
      token: mallory.access,
    });
    expect(services.status).toBe(200);
    expect(services.body).toEqual([]);
    expect(JSON.stringify(services.body)).not.toContain("私密方法");
  });

  it("still inherits from a concept the caller may read (the same probe, once the tree is published)", async () => {
    const { concept, parts } = await privateConcept();
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: alice.access,
      body: { dnode_id: concept.id, is_public: true },
    });
    const { dnode: probe } = await createNode(server, mallory.access, {
      type: "INSTANCE",
      name: "读者的实例",
      content: { class_id: concept.id },
    });
    const json = (await get(probe.id, mallory.access)).body;
    expect(json.inheritance_groups.METHOD.head).toEqual([parts.METHOD]);
    const services = await call(server, "GET", `/api/virtual_dnodes/dnode_services/${probe.id}/`, {
      token: mallory.access,
    });
    expect(services.body.map((s: { name: string }) => s.name)).toEqual(["私密方法"]);
  });
});

describe("a link's key and info are for those who may read its owner side", () => {
  it("hides them in the x__ groups of the linked node from readers who cannot read the linking node", async () => {
    const { dnode: target } = await createNode(server, alice.access, { name: "公开的目标" });
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: alice.access,
      body: { dnode_id: target.id, is_public: true },
    });
    const { dnode: secret } = await createNode(server, mallory.access, { name: "某人的私密节点" });
    const added = await call(server, "POST", "/api/dnode/add_related_value", {
      token: mallory.access,
      body: {
        dnode_id: secret.id,
        relation_name: "RELATED_CONCEPT",
        related_value: { value: target.id, type: "Dnode", info: { reason: "私下的理由" } },
        key: "私密键",
      },
    });
    expect(added.status).toBe(200);
    const asOwner = await call(server, "GET", `/api/dnode/${target.id}/relations_with_data/`, {
      token: alice.access,
    });
    const link = asOwner.body.relations.find((r: { xnode: number }) => r.xnode === secret.id);
    expect(link).toMatchObject({ key: null, info: {} });
    expect(JSON.stringify(asOwner.body)).not.toContain("私下的理由");
    const asLinker = await call(server, "GET", `/api/dnode/${target.id}/relations_with_data/`, {
      token: mallory.access,
    });
    const own = asLinker.body.relations.find((r: { xnode: number }) => r.xnode === secret.id);
    expect(own).toMatchObject({ key: "私密键", info: { reason: "私下的理由" } });
  });
});

describe("push to a node one may only read is a bounded proposal", () => {
  async function copyOfPublished() {
    const { dnode: source } = await createNode(server, alice.access, { name: "公开的来源" });
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: alice.access,
      body: { dnode_id: source.id, is_public: true },
    });
    const { dnode: holder } = await createNode(server, mallory.access, { name: "我的收藏夹" });
    const clone = await call(server, "POST", "/api/dnode/clone", {
      token: mallory.access,
      body: { source_id: source.id, target_parent_id: holder.id },
    });
    expect(clone.status).toBe(201);
    return { source, copy: clone.body };
  }

  it("keeps one pending update per pusher: a new push replaces the last", async () => {
    const { source, copy } = await copyOfPublished();
    for (let i = 0; i < 5; i++) {
      await call(server, "POST", `/api/dnode/${copy.id}/update`, {
        token: mallory.access,
        body: { name: `推送第${i}次` },
      });
      expect(
        (await call(server, "POST", "/api/dnode/push", { token: mallory.access, body: { node_id: copy.id } }))
          .status,
      ).toBe(200);
    }
    const pending = (await get(source.id, alice.access)).body.content.to_updates;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ name: "推送第4次", pushed_by: mallory.user.id });
  });

  it("refuses a push larger than the content limit, and leaves the source as it was", async () => {
    const { source, copy } = await copyOfPublished();
    // Each node within the limit; the pushed subtree (the copy and its children) well over it.
    const text = "字".repeat(40_000);
    for (const name of ["一", "二", "三"]) {
      await createNode(server, mallory.access, { name, location_id: copy.id, content: { text } });
    }
    const pushed = await call(server, "POST", "/api/dnode/push", {
      token: mallory.access,
      body: { node_id: copy.id },
    });
    expect(pushed.status).toBe(413);
    expect(pushed.body.error).toBe(MESSAGES.pushTooLarge);
    expect((await get(source.id, alice.access)).body.content.to_updates).toBeUndefined();
  });
});

describe("the content size limit holds on every write path", () => {
  it("refuses update_content_field and add_related_value that would pass 256 KiB, and keeps the node", async () => {
    const { dnode } = await createNode(server, alice.access, { name: "会长大的节点" });
    const chunk = "字".repeat(30_000); // 90 KB of UTF-8
    const grow = (key: string) =>
      call(server, "POST", `/api/dnode/${dnode.id}/update_content_field`, {
        token: alice.access,
        body: { content_type: key, content_value: chunk },
      });
    expect((await grow("a")).status).toBe(200);
    expect((await grow("b")).status).toBe(200);
    const third = await grow("c");
    expect(third.status).toBe(413);
    expect(third.body).toMatchObject({ code: "CONTENT_TOO_LARGE", error: MESSAGES.contentTooLarge });
    const after = (await get(dnode.id, alice.access)).body;
    expect(Object.keys(after.content).sort()).toEqual(["a", "b"]);

    const big = await call(server, "POST", "/api/dnode/add_related_value", {
      token: alice.access,
      body: {
        dnode_id: dnode.id,
        relation_name: "CHILD_NODE",
        related_value: { value: "字".repeat(100_000), type: "String" },
      },
    });
    expect(big.status).toBe(413);
  });
});

describe("pushes are rate-limited per person", () => {
  it("refuses the push after 30 in a minute with 429, and the source keeps one proposal", async () => {
    const pusher = await makeUser(server);
    const { dnode: source } = await createNode(server, alice.access, { name: "热门来源" });
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: alice.access,
      body: { dnode_id: source.id, is_public: true },
    });
    const { dnode: holder } = await createNode(server, pusher.access, { name: "收藏" });
    const copy = (
      await call(server, "POST", "/api/dnode/clone", {
        token: pusher.access,
        body: { source_id: source.id, target_parent_id: holder.id },
      })
    ).body;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call(server, "POST", "/api/dnode/push", { token: pusher.access, body: { node_id: copy.id } }))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const last = await call(server, "POST", "/api/dnode/push", {
      token: pusher.access,
      body: { node_id: copy.id },
    });
    expect(last.body).toMatchObject({ code: "PUSH_RATE_LIMITED", error: MESSAGES.pushRateLimited });
    expect((await get(source.id, alice.access)).body.content.to_updates).toHaveLength(1);
  });
});
