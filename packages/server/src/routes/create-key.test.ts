import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const create = (token: string, key: string | undefined, body: Record<string, unknown>) =>
  call(server, "POST", "/api/dnode/create/", {
    token,
    body,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });

describe("POST /api/dnode/create/ with an Idempotency-Key", () => {
  it("answers a repeated key with the first node instead of making a second row", async () => {
    const { dnode: tree } = await createNode(server, owner.access, { type: "DIR", name: "重放" });
    const body = { name: "只要一行", location_id: tree.id };
    const first = await create(owner.access, "row-1a2b", body);
    const again = await create(owner.access, "row-1a2b", body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.dnode.id).toBe(first.body.dnode.id);
    expect(again.body.relation.id).toBe(first.body.relation.id);
    expect(await childNames(server, owner.access, tree.id)).toEqual(["只要一行"]);
  });

  it("makes exactly one node when the same key arrives many times at once", async () => {
    const { dnode: tree } = await createNode(server, owner.access, { type: "DIR", name: "并发重放" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        create(owner.access, "same-key-at-once", { name: "一次", location_id: tree.id }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.dnode.id)).size).toBe(1);
    expect(await childNames(server, owner.access, tree.id)).toEqual(["一次"]);
  });

  it("keeps keys per person: another user's same key makes that user's own node", async () => {
    const { dnode: mine } = await createNode(server, owner.access, { type: "DIR", name: "我的" });
    const { dnode: theirs } = await createNode(server, stranger.access, { type: "DIR", name: "别人的" });
    const a = await create(owner.access, "shared-key", { name: "甲", location_id: mine.id });
    const b = await create(stranger.access, "shared-key", { name: "乙", location_id: theirs.id });
    expect(b.status).toBe(200);
    expect(b.body.dnode.id).not.toBe(a.body.dnode.id);
    expect(b.body.dnode.name).toBe("乙");
  });

  it("does not let a key reveal a node the caller may not read", async () => {
    const { dnode: mine } = await createNode(server, owner.access, { type: "DIR", name: "私有" });
    const made = await create(owner.access, "private-key", { name: "秘密", location_id: mine.id });
    expect(made.status).toBe(200);
    // The stranger's own key space is empty, so this is a creation attempt in a tree they cannot write.
    const probe = await create(stranger.access, "private-key", { name: "试探", location_id: mine.id });
    expect(probe.status).toBe(403);
    expect(await childNames(server, owner.access, mine.id)).toEqual(["秘密"]);
  });

  it("lets a refused creation be tried again with the same key once the reason is gone", async () => {
    const refused = await create(owner.access, "retry-after-refusal", { name: "", location_id: 2147483000 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const { dnode: tree } = await createNode(server, owner.access, { type: "DIR", name: "后来" });
    const ok = await create(owner.access, "retry-after-refusal", { name: "成了", location_id: tree.id });
    expect(ok.status).toBe(200);
    expect(ok.body.dnode.name).toBe("成了");
  });

  it("refuses a malformed key with 400 and a Chinese message, making nothing", async () => {
    const { dnode: tree } = await createNode(server, owner.access, { type: "DIR", name: "坏钥匙" });
    for (const key of ["a.b", "a b", "x".repeat(101)]) {
      const answer = await create(owner.access, key, { name: "不该有", location_id: tree.id });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_IDEMPOTENCY_KEY", error: MESSAGES.badIdempotencyKey });
    }
    expect(await childNames(server, owner.access, tree.id)).toEqual([]);
  });

  it("still needs a login", async () => {
    const answer = await create("", "no-login", { name: "匿名" });
    expect(answer.status).toBe(401);
  });

  it("makes one copy when a clone is sent again with its key", async () => {
    const { dnode: tree } = await createNode(server, owner.access, { type: "DIR", name: "复制目标" });
    const { dnode: source } = await createNode(server, owner.access, { name: "原件", location_id: tree.id });
    const clone = () =>
      call(server, "POST", "/api/dnode/clone", {
        token: owner.access,
        headers: { "idempotency-key": "clone-once" },
        body: {
          source_id: source.id,
          target_parent_id: tree.id,
          relation_name: "CHILD_NODE",
          location: { position: "insideLast" },
        },
      });
    const [first, again] = [await clone(), await clone()];
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await childNames(server, owner.access, tree.id)).toEqual(["原件", "原件"]);
  });
});
