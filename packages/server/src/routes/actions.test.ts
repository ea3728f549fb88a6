import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const action = (id: number, name: string, params: unknown = {}, token = owner.access) =>
  call(server, "POST", `/api/dnode/call_action/${id}/${name}`, { token, body: params });
const get = (id: number) => call(server, "GET", `/api/dnode/${id}`, { token: owner.access });
const update = (id: number, body: unknown) =>
  call(server, "POST", `/api/dnode/${id}/update`, { token: owner.access, body });

async function cloneOf(sourceId: number): Promise<number> {
  const dst = await makeTree(server, owner.access, { name: `copies-of-${sourceId}` });
  const res = await call(server, "POST", "/api/dnode/clone", {
    token: owner.access,
    body: { source_id: sourceId, target_parent_id: dst[`copies-of-${sourceId}`] },
  });
  return res.body.id;
}

describe("call_action registry", () => {
  it("refuses an unknown action with 400, a stranger with 403, anonymous with 401", async () => {
    const t = await makeTree(server, owner.access, { name: "act" });
    const unknown = await action(t.act, "fly");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("不支持的操作：fly");
    expect((await action(t.act, "pull", {}, stranger.access)).status).toBe(403);
    expect((await call(server, "POST", `/api/dnode/call_action/${t.act}/pull`, { body: {} })).status).toBe(
      401,
    );
    expect((await action(999_999_999, "pull")).status).toBe(404);
  });
});

describe("synchronised copies: push, pull, accept and reject", () => {
  it("pull brings the source's newer name and content into the copy", async () => {
    const t = await makeTree(server, owner.access, { name: "源" });
    const copy = await cloneOf(t.源);
    expect((await action(copy, "pull")).body.message).toBe(MESSAGES.sourceUnchanged);
    await update(t.源, { name: "源 v2", content: { text: "<p>新内容</p>" } });
    const res = await call(server, "POST", "/api/dnode/pull", {
      token: owner.access,
      body: { node_id: copy },
    });
    expect(res.status).toBe(200);
    expect(res.body.dnodes[0]).toMatchObject({
      name: "源 v2",
      content: { text: "<p>新内容</p>" },
      src_version: 2,
    });
  });

  it("push leaves a pending update on the source; accepting applies it to the source and its children", async () => {
    const t = await makeTree(server, owner.access, { name: "S", children: [{ name: "s1" }, { name: "s2" }] });
    const copy = await cloneOf(t.S);
    const [c1, c2] = (await get(copy)).body.relations.CHILD_NODE.head;
    await update(copy, { name: "S 改" });
    await update(c1, { name: "s1 改" });
    await call(server, "POST", "/api/dnode/delete_batch", { token: owner.access, body: { ids: [c2] } });
    await call(server, "POST", "/api/dnode/create/", {
      token: owner.access,
      body: { name: "s3 新", location_id: copy },
    });

    const pushed = await call(server, "POST", "/api/dnode/push", {
      token: owner.access,
      body: { node_id: copy },
    });
    expect(pushed.status).toBe(200);
    const source = await get(t.S);
    expect(source.body.name).toBe("S");
    expect(source.body.content.to_updates).toHaveLength(1);
    expect(source.body.content.to_updates[0]).toMatchObject({
      type: "update_children_and_self",
      name: "S 改",
      from_id: copy,
    });

    const accepted = await action(t.S, "accept_updates");
    expect(accepted.status).toBe(200);
    expect(accepted.body.deleted_dnode_ids).toEqual([t.s2]);
    const after = await get(t.S);
    expect(after.body.name).toBe("S 改");
    expect(after.body.content).not.toHaveProperty("to_updates");
    expect(await childNames(server, owner.access, t.S)).toEqual(["s1 改", "s3 新"]);
    expect((await action(t.S, "accept_updates")).body.error).toBe(MESSAGES.noPendingUpdates);
  });

  it("reject drops the pending updates and changes nothing else", async () => {
    const t = await makeTree(server, owner.access, { name: "R" });
    const copy = await cloneOf(t.R);
    await update(copy, { name: "R 改" });
    await action(copy, "push");
    const rejected = await action(t.R, "reject_updates");
    expect(rejected.body.dnodes[0]).toMatchObject({ name: "R", version: 1 });
    expect(rejected.body.dnodes[0].content).not.toHaveProperty("to_updates");
  });

  it("refuses push and pull on a node without a source", async () => {
    const t = await makeTree(server, owner.access, { name: "orphan" });
    for (const name of ["push", "pull"]) {
      const res = await action(t.orphan, name);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.noSource);
    }
  });

  it("keeps to_updates out of reach of ordinary edits", async () => {
    const t = await makeTree(server, owner.access, { name: "guarded" });
    const res = await call(server, "POST", `/api/dnode/${t.guarded}/update_content_field`, {
      token: owner.access,
      body: { content_type: "to_updates", content_value: "[]" },
    });
    expect(res.status).toBe(400);
    const direct = await update(t.guarded, { content: { to_updates: [{ type: "delete" }] } });
    expect(direct.status).toBe(400);
  });
});
