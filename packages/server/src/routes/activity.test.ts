import { BRIEF_PROCESS_FIELDS, MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

// GET /api/dnode/my_dnodes_by_date_range/brief: /xingwei's light read (issue 14).
const { server } = useTestServer({ users: [] });

// biome-ignore lint/suspicious/noExplicitAny: node JSON read freely in assertions
type Json = any;

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const TODAY = shanghaiDay(Date.now());
const TOMORROW = shanghaiDay(Date.now() + 86_400_000);
const brief = (token: string, query = `start_date=${TODAY}&end_date=${TOMORROW}`) =>
  call(server, "GET", `/api/dnode/my_dnodes_by_date_range/brief?${query}`, { token });

describe("my_dnodes_by_date_range/brief", () => {
  it("answers what I made in the range, newest first, as light rows: a process's clock fields and totals, nothing else", async () => {
    const me = await makeUser(server);
    const note = (await createNode(server, me.access, { name: "一条笔记", content: { text: "很长的正文" } }))
      .dnode;
    const process = (
      await createNode(server, me.access, {
        type: "PROCESS",
        name: "写报告",
        location_id: note.id,
        content: {
          self_status: "paused",
          self_time: 1.5,
          planned_time: 2,
          text: "过程记录",
          logs: ["第一步"],
          result: "长长的结论",
        },
      })
    ).dnode;
    const step = (
      await createNode(server, me.access, {
        type: "PROCESS",
        name: "查资料",
        location_id: process.id,
        content: { self_status: "completed", self_time: 0.5 },
      })
    ).dnode;

    const res = await brief(me.access);
    expect(res.status).toBe(200);
    expect(res.body.map((n: Json) => n.id)).toEqual([step.id, process.id, note.id]);
    const byId = Object.fromEntries(res.body.map((n: Json) => [n.id, n]));
    expect(byId[note.id]).toEqual({
      id: note.id,
      name: "一条笔记",
      type: "NOTE",
      parent_id: note.parent_id,
      created_at: note.created_at,
      finished_at: null,
      content: {},
    });
    expect(byId[process.id].content).toEqual({
      self_status: "paused",
      self_time: 1.5,
      planned_time: 2,
      total_time: 2,
      inserted_time: 0,
    });
    expect(byId[process.id].parent_id).toBe(note.id);
    for (const key of Object.keys(byId[step.id].content))
      expect([...BRIEF_PROCESS_FIELDS, "total_time", "inserted_time"]).toContain(key);

    const limited = await brief(me.access, `start_date=${TODAY}&end_date=${TOMORROW}&limit=2`);
    expect(limited.body.map((n: Json) => n.id)).toEqual([step.id, process.id]);
    // The next part of a range: before the oldest answered, as the web asks it.
    const rest = await brief(
      me.access,
      `start_date=${TODAY}&end_date=${encodeURIComponent(limited.body[1].created_at)}`,
    );
    expect(rest.body.map((n: Json) => n.id)).toEqual([note.id]);
  });

  it("keeps a friend request's result (its shown status reads it)", async () => {
    const me = await makeUser(server);
    await createNode(server, me.access, {
      type: "PROCESS",
      name: "好友请求",
      content: { xtype: "FriendRequestProcess", self_status: "completed", result: "accepted" },
    });
    const [row] = (await brief(me.access)).body;
    expect(row.content).toMatchObject({ xtype: "FriendRequestProcess", result: "accepted" });
  });

  it("lists only what I made and may still read: not others' nodes, not a tree no longer shared with me", async () => {
    const alice = await makeUser(server);
    const bob = await makeUser(server);
    const tree = (await createNode(server, alice.access, { name: "共享的树" })).dnode;
    await createNode(server, alice.access, { name: "爱丽丝的", location_id: tree.id });
    const grant = (auth_type: string | null) =>
      call(server, "POST", "/api/anchor-auth/manage/", {
        token: alice.access,
        body: { anchor_id: tree.id, user_id: bob.user.id, auth_type },
      });
    expect((await grant("write")).status).toBe(200);
    await createNode(server, bob.access, { name: "鲍勃在共享树里写的", location_id: tree.id });
    await createNode(server, bob.access, { name: "鲍勃自己的" });
    const names = async () => (await brief(bob.access)).body.map((n: Json) => n.name);
    expect(await names()).toEqual(["鲍勃自己的", "鲍勃在共享树里写的"]);
    await grant(null);
    expect(await names()).toEqual(["鲍勃自己的"]);
  });

  it("needs a user, and refuses bad dates and limits with a clear 400", async () => {
    const me = await makeUser(server);
    const anonymous = await call(
      server,
      "GET",
      `/api/dnode/my_dnodes_by_date_range/brief?start_date=${TODAY}&end_date=${TOMORROW}`,
    );
    expect(anonymous.status).toBe(401);
    const badDate = await brief(me.access, "start_date=2026-02-30&end_date=2026-03-01");
    expect(badDate.status).toBe(400);
    expect(badDate.body.error).toBe(MESSAGES.invalidDate);
    for (const limit of ["0", "2001", "x"]) {
      const bad = await brief(me.access, `start_date=${TODAY}&end_date=${TOMORROW}&limit=${limit}`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBeTruthy();
      expect(typeof bad.body.error).toBe("string");
    }
    expect((await brief(me.access, `end_date=${TOMORROW}`)).status).toBe(400);
  });
});
