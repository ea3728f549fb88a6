import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const get = (path: string, token = owner.access) => call(server, "GET", path, { token });

describe("the caller's node lists", () => {
  it("my_last is the node created last; mydnodes pages through the caller's own nodes", async () => {
    const user = await makeUser(server);
    expect((await get("/api/dnode/my_last", user.access)).body).toBeNull();
    await makeTree(server, user.access, { name: "L0", children: [{ name: "L1" }, { name: "L2" }] });
    expect((await get("/api/dnode/my_last", user.access)).body.name).toBe("L2");
    const page = await get("/api/dnode/mydnodes/?page=1&page_size=2", user.access);
    expect(page.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.body.results).toHaveLength(2);
    const page2 = await get("/api/dnode/mydnodes/?page=2&page_size=2", user.access);
    expect(page2.body.results).toHaveLength(1);
    expect((await get("/api/dnode/mydnodes/?page=0", user.access)).status).toBe(400);
  });

  it("my_dnodes_by_date_range reads Shanghai days and refuses bad dates with the spec's text", async () => {
    const user = await makeUser(server);
    await createNode(server, user.access, { name: "today" });
    const now = new Date(Date.now() + 8 * 3600_000);
    const day = now.toISOString().slice(0, 10);
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const res = await get(
      `/api/dnode/my_dnodes_by_date_range?start_date=${day}&end_date=${tomorrow}`,
      user.access,
    );
    expect(res.body.map((n: { name: string }) => n.name)).toEqual(["today"]);
    const none = await get(
      `/api/dnode/my_dnodes_by_date_range?start_date=2000-01-01&end_date=2000-01-02`,
      user.access,
    );
    expect(none.body).toEqual([]);
    const bad = await get(
      "/api/dnode/my_dnodes_by_date_range?start_date=2026-02-30&end_date=2026-03-01",
      user.access,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(MESSAGES.invalidDate);
  });
});

describe("classes and custom fields", () => {
  it("finds a class by tag or name and lists its fields; 404 otherwise", async () => {
    const { dnode: cls } = await createNode(server, owner.access, {
      type: "CONCEPT",
      name: "书籍",
      content: { tag: "book" },
    });
    await createNode(server, owner.access, {
      type: "CONCEPT",
      name: "作者",
      location_id: cls.id,
      relation_name: "PROPERTY",
      content: { is_single: false },
    });
    expect((await get("/api/dnode/classnode/book")).body.id).toBe(cls.id);
    expect((await get(`/api/dnode/classnode/${encodeURIComponent("书籍")}`)).body.id).toBe(cls.id);
    expect((await get("/api/dnode/classnode/book", stranger.access)).status).toBe(404);
    const fields = await get(`/api/dnode/custom-fields/${encodeURIComponent("书籍")}`);
    expect(fields.body).toMatchObject({
      class_id: cls.id,
      fields: [{ name: "作者", is_single: false, datatype: "string" }],
    });
  });
});

describe("GET /api/dnode/{id}/id_tree", () => {
  it("nests the subtree in display order", async () => {
    const t = await makeTree(server, owner.access, {
      name: "T",
      children: [{ name: "T1", children: [{ name: "T11" }] }, { name: "T2" }],
    });
    const res = await get(`/api/dnode/${t.T}/id_tree`);
    expect(res.body).toEqual({
      id: t.T,
      name: "T",
      type: "NOTE",
      truncated: false,
      children: [
        {
          id: t.T1,
          name: "T1",
          type: "NOTE",
          children: [{ id: t.T11, name: "T11", type: "NOTE", children: [] }],
        },
        { id: t.T2, name: "T2", type: "NOTE", children: [] },
      ],
    });
    expect((await get(`/api/dnode/${t.T}/id_tree`, stranger.access)).status).toBe(403);
  });
});

describe("versions and field edits", () => {
  it("keeps every earlier version, newest first", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "v1" });
    for (const name of ["v2", "v3"]) {
      await call(server, "POST", `/api/dnode/${dnode.id}/update`, { token: owner.access, body: { name } });
    }
    const res = await get(`/api/dnode/${dnode.id}/evolves`);
    expect(res.body.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [2, "v2"],
      [1, "v1"],
    ]);
    expect((await get(`/api/dnode/${dnode.id}/evolves`, stranger.access)).status).toBe(403);
  });

  it("does not make a version for an edit that changes nothing", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "same", content: { text: "<p>x</p>" } });
    const res = await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: owner.access,
      body: { name: "same", content: { text: "<p>x</p>" } },
    });
    expect(res.body.version).toBe(1);
  });

  it("update_content_field converts and validates by field kind", async () => {
    const { dnode } = await createNode(server, owner.access, { type: "PROCESS", name: "计划" });
    const edit = (content_type: string, content_value: unknown, extra = {}) =>
      call(server, "POST", `/api/dnode/${dnode.id}/update_content_field`, {
        token: owner.access,
        body: { content_type, content_value, ...extra },
      });
    expect((await edit("start_time", "2026-11-22 08:00")).body.content.start_time).toBe(
      Date.UTC(2026, 10, 22, 0, 0),
    );
    expect((await edit("priority", "2")).body.content.priority).toBe(2);
    expect((await edit("values", '{"a":1}', { field_kind: "json" })).body.content.values).toEqual({ a: 1 });
    for (const [key, value, message] of [
      ["priority", "high", MESSAGES.invalidNumber],
      ["start_time", "someday", MESSAGES.invalidDate],
      ["values", "{oops", MESSAGES.invalidJson],
    ] as const) {
      const res = await edit(key, value);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const after = await get(`/api/dnode/${dnode.id}`);
    expect(after.body.content).toMatchObject({ priority: 2, values: { a: 1 } });
    expect((await edit("start_time", null)).body.content).not.toHaveProperty("start_time");
    const denied = await call(server, "POST", `/api/dnode/${dnode.id}/update_content_field`, {
      token: stranger.access,
      body: { content_type: "priority", content_value: 1 },
    });
    expect(denied.status).toBe(403);
  });

  it("confirm marks a proposed node as accepted", async () => {
    const { dnode } = await createNode(server, owner.access, { name: "提议", content: { pending: true } });
    const res = await call(server, "POST", `/api/dnode/${dnode.id}/confirm/`, { token: owner.access });
    expect(res.body.dnode.content).toEqual({ confirmed: true });
    expect(
      (await call(server, "POST", `/api/dnode/${dnode.id}/confirm/`, { token: stranger.access })).status,
    ).toBe(403);
    expect((await call(server, "POST", `/api/dnode/${dnode.id}/confirm/`)).status).toBe(401);
  });
});
