import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutlineApi } from "../../entities/dnode/api";
import { replayJournal } from "./replay-journal";
import {
  journalAdd,
  journalDone,
  journalForget,
  journalPretendReload,
  journalResolve,
  journalStartReplay,
} from "./write-journal";

afterEach(() => {
  journalPretendReload();
  localStorage.clear();
  sessionStorage.clear();
});

/** What the next page of this tab would send again after a reload. */
async function afterReload() {
  journalPretendReload();
  return journalStartReplay();
}

/** An API that makes nodes with ids from 500 and records what it was asked. */
function fakeApi() {
  let next = 500;
  const calls: unknown[] = [];
  const api = {
    create: vi.fn(async (body: { location_id: number; name: string }) => {
      calls.push(["create", body]);
      return { dnode: { id: next++ }, relation: {} };
    }),
    update: vi.fn(async (id: number, body: unknown) => {
      calls.push(["update", id, body]);
      return { id, parent_id: 1 };
    }),
    move: vi.fn(async (body: unknown) => {
      calls.push(["move", body]);
      return { success: true };
    }),
    refer: vi.fn(async (body: unknown) => {
      calls.push(["refer", body]);
      return [];
    }),
    clone: vi.fn(async (body: unknown, key?: string) => {
      calls.push(["clone", body, key]);
      return { id: next++ };
    }),
    deleteBatch: vi.fn(async (ids: number[]) => {
      calls.push(["delete", ids]);
      return { success: true, deleted_dnode_ids: ids, trash_batch_id: null };
    }),
  } as unknown as OutlineApi;
  return { api, calls };
}

describe("the write journal", () => {
  it("keeps what is unconfirmed, in order, with temporary ids rewritten once a row is made", async () => {
    const made = journalAdd({
      kind: "create",
      temp: -1,
      parent: 1,
      relation: "CHILD_NODE",
      next: null,
      name: "",
    });
    const rename = journalAdd({ kind: "update", id: -1, body: { name: "宋" } });
    journalAdd({ kind: "create", temp: -2, parent: -1, relation: "CHILD_NODE", next: null, name: "" });
    journalResolve(-1, 42);
    journalDone(made);
    journalDone(rename);
    expect(await afterReload()).toEqual([
      { seq: 1, kind: "create", temp: -2, parent: 42, relation: "CHILD_NODE", next: null, name: "" },
    ]);
  });

  it("forgets a row deleted before the server made it", async () => {
    journalAdd({ kind: "create", temp: -3, parent: 1, relation: "CHILD_NODE", next: null, name: "" });
    journalAdd({ kind: "update", id: -3, body: { name: "删掉的" } });
    journalAdd({ kind: "update", id: 7, body: { name: "留下的" } });
    journalForget(-3);
    expect((await afterReload()).map((e) => e.kind)).toEqual(["update"]);
  });
});

describe("replaying the journal after a reload", () => {
  it("makes the rows again, nested rows under their new parents, and saves their names", async () => {
    journalAdd({ kind: "create", temp: -1, parent: 1, relation: "CHILD_NODE", next: null, name: "" });
    journalAdd({ kind: "update", id: -1, body: { name: "宋朝" } });
    journalAdd({ kind: "create", temp: -2, parent: -1, relation: "CHILD_NODE", next: null, name: "北宋" });
    journalAdd({ kind: "update", id: 9, body: { name: "元朝" } });
    journalPretendReload();
    const { api, calls } = fakeApi();
    const parents = await replayJournal(api);
    expect(calls).toEqual([
      ["create", { type: "NOTE", name: "", location_id: 1, relation_name: "CHILD_NODE", next_id: null }],
      ["update", 500, { name: "宋朝" }],
      [
        "create",
        { type: "NOTE", name: "北宋", location_id: 500, relation_name: "CHILD_NODE", next_id: null },
      ],
      ["update", 9, { name: "元朝" }],
    ]);
    expect([...parents].sort()).toEqual([1, 500]);
    // Sent once: a second start has nothing left.
    expect(await afterReload()).toEqual([]);
  });

  it("keeps what a new page typed apart from what it replays, even under the same temporary ids", async () => {
    journalAdd({ kind: "create", temp: -1, parent: 1, relation: "CHILD_NODE", next: null, name: "旧" });
    journalPretendReload();
    const { api, calls } = fakeApi();
    const replay = replayJournal(api);
    // The new page types a row under the same temporary id before the replay is done.
    journalAdd({ kind: "create", temp: -1, parent: 2, relation: "CHILD_NODE", next: null, name: "新" });
    journalResolve(-1, 77);
    await replay;
    expect(calls).toHaveLength(1);
    expect(await afterReload()).toEqual([
      { seq: 1, kind: "create", temp: -1, parent: 2, relation: "CHILD_NODE", next: null, name: "新" },
    ]);
  });

  it("moves and deletes again with the ids the replayed rows got", async () => {
    journalAdd({ kind: "create", temp: -1, parent: 1, relation: "CHILD_NODE", next: null, name: "甲" });
    journalAdd({ kind: "create", temp: -2, parent: 1, relation: "CHILD_NODE", next: null, name: "乙" });
    journalAdd({
      kind: "move",
      id: -2,
      from: 1,
      fromRelation: "CHILD_NODE",
      to: -1,
      toRelation: "CHILD_NODE",
      before: null,
      way: "move",
    });
    journalAdd({ kind: "delete", ids: [9], parents: [4] });
    journalPretendReload();
    const { api, calls } = fakeApi();
    const parents = await replayJournal(api);
    expect(calls.slice(2)).toEqual([
      [
        "move",
        {
          moved_nodes_ids: [501],
          target_node_id: 500,
          old_location_id: 1,
          old_relationName: "CHILD_NODE",
          new_relationName: "CHILD_NODE",
          before_node_id: null,
          keep_old: false,
          way: "move",
        },
      ],
      ["delete", [9]],
    ]);
    expect([...parents].sort((a, b) => a - b)).toEqual([1, 4, 500]);
  });
});

describe("replaying drops", () => {
  it("refers and clones again, under rows made on the way, the clone with its key", async () => {
    journalAdd({ kind: "create", temp: -1, parent: 1, relation: "CHILD_NODE", next: null, name: "目标" });
    journalAdd({ kind: "refer", id: 9, to: -1, relation: "CHILD_NODE", before: null });
    journalAdd({ kind: "clone", id: 9, to: -1, relation: "CHILD_NODE", before: 7, key: "k1" });
    journalPretendReload();
    const { api, calls } = fakeApi();
    const parents = await replayJournal(api);
    expect(calls.slice(1)).toEqual([
      [
        "refer",
        {
          refered_nodes_ids: [9],
          target_node_id: 500,
          relation_name: "CHILD_NODE",
          location: { position: "insideLast" },
        },
      ],
      [
        "clone",
        {
          source_id: 9,
          target_parent_id: 500,
          relation_name: "CHILD_NODE",
          location: { position: "before", before_node_id: 7 },
        },
        "k1",
      ],
    ]);
    expect(parents.has(500)).toBe(true);
  });
});

describe("where the journal is kept", () => {
  it("keeps unconfirmed edits in local storage under this page's id, and nothing once all are confirmed", () => {
    localStorage.setItem("user", JSON.stringify({ id: 5 }));
    const seq = journalAdd({ kind: "update", id: 3, body: { name: "存着" } });
    const keys = Object.keys(localStorage).filter((k) => k.startsWith("zhishu-outline-journal:"));
    expect(keys).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(keys[0]) ?? "{}")).toMatchObject({
      user: 5,
      entries: [{ kind: "update", id: 3, body: { name: "存着" } }],
    });
    journalDone(seq);
    expect(Object.keys(localStorage).filter((k) => k.startsWith("zhishu-outline-journal:"))).toEqual([]);
  });

  it("leaves a journal written for another person alone", async () => {
    localStorage.setItem("user", JSON.stringify({ id: 5 }));
    journalAdd({ kind: "update", id: 3, body: { name: "甲的" } });
    journalPretendReload();
    localStorage.setItem("user", JSON.stringify({ id: 6 }));
    expect(await journalStartReplay()).toEqual([]);
  });

  it("sends again what an earlier version kept in session storage", async () => {
    sessionStorage.setItem(
      "zhishu-outline-journal",
      JSON.stringify([{ seq: 1, kind: "update", id: 8, body: { name: "旧版" } }]),
    );
    journalPretendReload();
    expect(await journalStartReplay()).toEqual([{ seq: 1, kind: "update", id: 8, body: { name: "旧版" } }]);
    expect(sessionStorage.getItem("zhishu-outline-journal")).toBeNull();
  });
});
