import { MESSAGES } from "@zhishu/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
let owner: Awaited<ReturnType<typeof makeUser>>;
let reader: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer();
  owner = await makeUser(server);
  reader = await makeUser(server);
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: node JSON read freely in assertions
type Json = any;

const act = (id: number, action: string, token = owner.access, params: Record<string, unknown> = {}) =>
  call(server, "POST", `/api/dnode/call_action/${id}/${action}`, { token, body: params });
const get = async (id: number): Promise<Json> =>
  (await call(server, "GET", `/api/dnode/${id}`, { token: owner.access })).body;
const process = async (name: string, location?: number, content: Record<string, unknown> = {}) =>
  (await createNode(server, owner.access, { type: "PROCESS", name, location_id: location, content })).dnode;
const status = async (id: number) => (await get(id)).content.self_status ?? "draft";
const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("start, pause and finish through a chain three levels deep", () => {
  it("runs the machine: siblings pause, ancestors go sub_running, a stopped child gives its parent the clock back", async () => {
    const top = await process("写一本书");
    const chapter = await process("第一章", top.id);
    const draft = await process("初稿", chapter.id);
    const edit = await process("修改", chapter.id);
    expect(await status(draft.id)).toBe("draft");

    const started = await act(draft.id, "start");
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      success: true,
      message: MESSAGES.processStarted,
      deleted_dnode_ids: [],
    });
    const changed = Object.fromEntries(started.body.dnodes.map((d: Json) => [d.id, d.content.self_status]));
    expect(changed).toEqual({ [top.id]: "sub_running", [chapter.id]: "sub_running", [draft.id]: "running" });
    const running = await get(draft.id);
    expect(running.content.start_time).toBe(running.content.ran_at);

    await pause(30);
    const second = await act(edit.id, "start");
    const afterSecond = Object.fromEntries(second.body.dnodes.map((d: Json) => [d.id, d]));
    expect(afterSecond[edit.id].content.self_status).toBe("running");
    expect(afterSecond[draft.id].content.self_status).toBe("paused");
    const paused = afterSecond[draft.id].content;
    expect(paused.self_time).toBeGreaterThan(0);
    expect(paused.self_time).toBeCloseTo(hours(paused.ran_at, paused.pause_time), 9);
    expect(await status(chapter.id)).toBe("sub_running");

    const stopped = await act(edit.id, "pause");
    expect(stopped.body.dnodes.map((d: Json) => [d.id, d.content.self_status]).sort()).toEqual(
      [
        [chapter.id, "running"],
        [edit.id, "paused"],
      ].sort(),
    );
    expect(await status(top.id)).toBe("sub_running");

    const finished = await act(chapter.id, "finish");
    const done = finished.body.dnodes.find((d: Json) => d.id === chapter.id);
    expect(done.content).toMatchObject({ self_status: "completed" });
    expect(done.content.end_time).toBe(done.content.finished_at);
    expect(done.finished_at).toBe(done.content.finished_at);
    expect(await status(top.id)).toBe("running");
  });

  it("pausing a process pauses what runs below it", async () => {
    const top = await process("项目");
    const task = await process("任务", top.id);
    const step = await process("步骤", task.id);
    await act(step.id, "start");
    const paused = await act(top.id, "pause");
    const states = Object.fromEntries(paused.body.dnodes.map((d: Json) => [d.id, d.content.self_status]));
    expect(states).toEqual({ [top.id]: "paused", [task.id]: "paused", [step.id]: "paused" });
  });

  it("totals: own time plus the children's totals; a child marked 插入 counts as inserted time", async () => {
    const top = await process("统计");
    const a = await process("甲", top.id, { self_status: "paused", self_time: 1.5 });
    await process("乙", a.id, { self_status: "completed", self_time: 0.25 });
    await process("插空的事", top.id, { custom_prefix: "插入", self_status: "paused", self_time: 2 });
    const json = await get(top.id);
    expect(json.content.total_time).toBeCloseTo(1.75, 9);
    expect(json.content.inserted_time).toBeCloseTo(2, 9);
    expect((await get(a.id)).content.total_time).toBeCloseTo(1.75, 9);
  });

  it("totals of a process and its own descendants read together count each child once, and only process children", async () => {
    const top = await process("一起读的统计");
    const a = await process("甲二", top.id, { self_status: "paused", self_time: 1 });
    const b = await process("乙二", a.id, { self_status: "completed", self_time: 0.5 });
    const note = (
      await createNode(server, owner.access, {
        type: "NOTE",
        name: "不是流程",
        location_id: top.id,
        content: { self_status: "paused", self_time: 7 },
      })
    ).dnode;
    const ids = [b.id, top.id, note.id, a.id];
    const res = await call(server, "GET", `/api/dnode/by_ids?ids=${JSON.stringify(ids)}`, {
      token: owner.access,
    });
    expect(res.status).toBe(200);
    const totals = Object.fromEntries(res.body.map((d: Json) => [d.id, d.content.total_time]));
    expect(totals[top.id]).toBeCloseTo(1.5, 9);
    expect(totals[a.id]).toBeCloseTo(1.5, 9);
    expect(totals[b.id]).toBeCloseTo(0.5, 9);
    expect(totals[note.id]).toBeUndefined();
  });

  it("keeps totals right when a child moves away or is deleted", async () => {
    const top = await process("会变的统计");
    const child = await process("子任务", top.id, { self_status: "paused", self_time: 3 });
    expect((await get(top.id)).content.total_time).toBeCloseTo(3, 9);
    await call(server, "POST", "/api/dnode/delete_batch", { token: owner.access, body: { ids: [child.id] } });
    expect((await get(top.id)).content.total_time).toBe(0);
  });
});

describe("concurrency", () => {
  it("two siblings started at the same moment leave exactly one running", async () => {
    const parent = await process("并发父");
    const kids = await Promise.all(["一", "二", "三", "四"].map((n) => process(n, parent.id)));
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(kids.map((k) => act(k.id, "start")));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const states = await Promise.all(kids.map((k) => status(k.id)));
      expect(states.filter((s) => s === "running")).toHaveLength(1);
      expect(await status(parent.id)).toBe("sub_running");
    }
  });
});

describe("rights and bad input", () => {
  it("needs a user, write on the process, a process, and a node that exists", async () => {
    const p = await process("别人的流程");
    await call(server, "POST", "/api/anchor-auth/publish/", {
      token: owner.access,
      body: { dnode_id: p.id, is_public: true },
    });
    expect((await call(server, "POST", `/api/dnode/call_action/${p.id}/start`, { body: {} })).status).toBe(
      401,
    );
    const forbidden = await act(p.id, "start", reader.access);
    expect(forbidden.status).toBe(403);
    expect(await status(p.id)).toBe("draft");
    const note = (await createNode(server, owner.access, { name: "只是笔记" })).dnode;
    const notProcess = await act(note.id, "start");
    expect(notProcess.status).toBe(400);
    expect(notProcess.body.error).toBe(MESSAGES.notAProcess);
    expect((await act(99_999_999, "start")).status).toBe(404);
  });
});

describe("get_processes_in_timerange", () => {
  it("lists what the caller made in the range, newest first, at most 20, not inside the process, nothing of others", async () => {
    const p = await process("计时中");
    const start = new Date().toISOString();
    await process("流程里的步骤", p.id);
    for (let i = 0; i < 22; i++) await createNode(server, owner.access, { name: `期间的笔记${i}` });
    await createNode(server, reader.access, { name: "别人的笔记" });
    const end = new Date(Date.now() + 1000).toISOString();
    const res = await act(p.id, "get_processes_in_timerange", owner.access, {
      start_time: start,
      end_time: end,
      exclude_descendants: true,
    });
    expect(res.status).toBe(200);
    const names = res.body.result.map((r: Json) => r.name);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe("期间的笔记21");
    expect(names).not.toContain("流程里的步骤");
    expect(names).not.toContain("别人的笔记");
    expect(res.body.result[0]).toEqual({
      id: expect.any(Number),
      name: "期间的笔记21",
      type: "NOTE",
      created_at: expect.any(String),
    });

    const withOwn = await act(p.id, "get_processes_in_timerange", owner.access, {
      start_time: start,
      end_time: end,
      exclude_descendants: false,
    });
    expect(withOwn.body.result.length).toBe(20);
    const bad = await act(p.id, "get_processes_in_timerange", owner.access, {
      start_time: "昨天",
      end_time: end,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/[\u4e00-\u9fff]/);
  });
});
