import { QueryClient } from "@tanstack/react-query";
import type { DnodeJson } from "@zhishu/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getList, setList, upsertNodes, useNodes } from "../entities/dnode/store";
import type { Dnode, RelationsWithData } from "../entities/dnode/types";
import { resetOutline } from "../features/outliner/store";
import { openMain } from "../features/tabs/tab-model";
import { resetTabs, useTabs } from "../features/tabs/tab-store";
import { ready } from "../test-support/outliner";
import { type ApplyContext, applyLiveMessage } from "./apply";
import { ListSync } from "./list-sync";
import { useStreamingStore } from "./streaming";

const dnode = (id: number, name: string, version = 1, content: Record<string, unknown> = {}) =>
  ({
    id,
    name,
    type: "NOTE",
    content,
    parent_id: null,
    main_relation: null,
    owner_id: 1,
    version,
    relations: {},
  }) as unknown as Dnode;

const json = (node: Dnode) => node as unknown as DnodeJson;

/** A relations page of `parent`'s children in this order. */
const page = (parent: number, ids: number[]): RelationsWithData => ({
  relations: ids.map((id, i) => ({
    id: 1000 + id,
    xnode: parent,
    ynode: id,
    relation_name: "CHILD_NODE",
    yorder: i,
    xorder: 0,
  })),
  related_nodes: ids.map((id) => dnode(id, `节点${id}`)),
  pagination_info: { CHILD_NODE: { page: 1, page_size: 40, total: ids.length, has_more: false } },
});

let ctx: ApplyContext;
let local: Set<number>;
let structural: { size: number; idle: () => Promise<void> };
let waitingReorder: Set<string>;
let fetchNode: ReturnType<typeof vi.fn<(id: number) => Promise<Dnode>>>;
let fetch: ReturnType<
  typeof vi.fn<(parent: number, relation: string, size: number) => Promise<RelationsWithData>>
>;

beforeEach(() => {
  resetOutline();
  resetTabs();
  useStreamingStore.setState({ ids: {} });
  local = new Set();
  structural = { size: 0, idle: async () => undefined };
  waitingReorder = new Set();
  const controller = {
    structural,
    hasWaitingReorder: (key: string) => waitingReorder.has(key),
    receive: (nodes: Dnode[]) => upsertNodes(nodes, (id) => local.has(id)),
  };
  fetch = vi.fn();
  fetchNode = vi.fn();
  ctx = { controller, lists: new ListSync(controller, fetch, fetchNode), queryClient: new QueryClient() };
});
afterEach(() => vi.useRealTimers());

describe("node updates", () => {
  it("a rename lands in the cache, the tab's title and the breadcrumbs that show the node", () => {
    upsertNodes([dnode(7, "旧名")]);
    useTabs.setState({ tabs: openMain(useTabs.getState().tabs, "/data/7", "旧名") });
    ctx.queryClient.setQueryData(["dnode-path", 9], [dnode(7, "旧名"), dnode(8, "别的")]);
    applyLiveMessage({ type: "node_updated", dnode: json(dnode(7, "新名", 2)), fields: ["name"] }, ctx);
    expect(useNodes.getState().nodes[7].name).toBe("新名");
    expect(useTabs.getState().tabs.mainTabs["/data/7"].name).toBe("新名");
    expect(ctx.queryClient.getQueryData<Dnode[]>(["dnode-path", 9])?.map((n) => n.name)).toEqual([
      "新名",
      "别的",
    ]);
  });

  it("never overwrites a row with unsaved edits, nor a newer copy with an older one", () => {
    upsertNodes([dnode(7, "我正在打的字", 3), dnode(8, "较新的", 5)]);
    local.add(7);
    applyLiveMessage({ type: "node_updated", dnode: json(dnode(7, "别人改的", 4)) }, ctx);
    applyLiveMessage({ type: "node_updated", dnode: json(dnode(8, "较旧的", 4)) }, ctx);
    expect(useNodes.getState().nodes[7]).toMatchObject({ name: "我正在打的字", version: 4 });
    expect(useNodes.getState().nodes[8].name).toBe("较新的");
  });

  it("leaves nodes no view holds out of the cache (processes of others' dialogues …)", () => {
    applyLiveMessage({ type: "process_created", dnode: json(dnode(70, "一个进程")) }, ctx);
    expect(useNodes.getState().nodes[70]).toBeUndefined();
  });
});

describe("people", () => {
  it("a friend request created or decided makes people's lists and counts read again", () => {
    ctx.queryClient.setQueryData(["user", "incoming", 8], []);
    ctx.queryClient.setQueryData(["user", "me"], {});
    ctx.queryClient.setQueryData(["dnode-path", 9], []);
    applyLiveMessage({ type: "process_created", dnode: json(dnode(70, "一个进程")) }, ctx);
    expect(ctx.queryClient.getQueryState(["user", "incoming", 8])?.isInvalidated).toBe(false);
    const request = dnode(71, "alice 请求添加 bob 为好友", 1, { xtype: "FriendRequestProcess" });
    applyLiveMessage({ type: "process_created", dnode: json(request) }, ctx);
    expect(ctx.queryClient.getQueryState(["user", "incoming", 8])?.isInvalidated).toBe(true);
    expect(ctx.queryClient.getQueryState(["user", "me"])?.isInvalidated).toBe(true);
    expect(ctx.queryClient.getQueryState(["dnode-path", 9])?.isInvalidated).toBe(false);
  });
});

describe("list changes", () => {
  it("a new child makes the loaded list read again and take the server's order", async () => {
    vi.useFakeTimers();
    setList("1:CHILD_NODE", ready([2, 3]));
    fetch.mockResolvedValue(page(1, [2, 9, 3]));
    applyLiveMessage(
      {
        type: "relation_updated",
        action: "created",
        relation: { id: 1009, xnode: 1, ynode: 9, relation_name: "CHILD_NODE" } as never,
        dnode: json(dnode(9, "新的一行")),
      },
      ctx,
    );
    // A burst of changes to one list is read once.
    applyLiveMessage(
      {
        type: "relation_updated",
        action: "updated",
        relation: { id: 1003, xnode: 1, ynode: 3, relation_name: "CHILD_NODE" } as never,
      },
      ctx,
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(1, "CHILD_NODE", 40);
    expect(getList(1, "CHILD_NODE")).toMatchObject({ ids: [2, 9, 3], total: 3, status: "ready" });
    expect(useNodes.getState().nodes[9].name).toBe("节点9");
  });

  it("a list this tab has not loaded is not read; its parent row is, for its child count", async () => {
    vi.useFakeTimers();
    upsertNodes([dnode(50, "收起的行")]);
    fetchNode.mockResolvedValue({
      ...dnode(50, "收起的行", 2),
      relations: { CHILD_NODE: { size: 1, head: [51], dict: {} } },
    });
    for (const [x, y] of [
      [50, 51],
      [60, 61],
    ])
      applyLiveMessage(
        {
          type: "relation_updated",
          action: "created",
          relation: { id: 1, xnode: x, ynode: y, relation_name: "CHILD_NODE" } as never,
        },
        ctx,
      );
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).not.toHaveBeenCalled();
    // Node 60 is shown nowhere in this tab: nothing to read.
    expect(fetchNode.mock.calls).toEqual([[50]]);
    expect(useNodes.getState().nodes[50].relations.CHILD_NODE.size).toBe(1);
  });

  it("waits for this tab's own structural edits, and reads again if the list changed meanwhile", async () => {
    setList("1:CHILD_NODE", ready([2, 3]));
    let finish!: () => void;
    structural.size = 1;
    structural.idle = () =>
      new Promise<void>((resolve) => {
        finish = () => {
          structural.size = 0;
          resolve();
        };
      });
    fetch.mockImplementationOnce(async () => {
      // The person types a row while the answer is on its way.
      setList("1:CHILD_NODE", { ...ready([2, -1, 3]), rev: 1 });
      return page(1, [2, 3, 9]);
    });
    fetch.mockResolvedValueOnce(page(1, [2, 4, 3, 9]));
    const done = ctx.lists.refresh(1, "CHILD_NODE");
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    finish();
    await done;
    await vi.waitFor(() => expect(getList(1, "CHILD_NODE")?.ids).toEqual([2, 4, 3, 9]), { timeout: 3000 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("does not undo a keyboard reorder still waiting for its 500 ms batch", async () => {
    vi.useFakeTimers();
    setList("1:CHILD_NODE", { ...ready([3, 2]), rev: 1 });
    waitingReorder.add("1:CHILD_NODE");
    fetch.mockResolvedValue(page(1, [2, 3, 9]));
    ctx.lists.touch(1, "CHILD_NODE");
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).not.toHaveBeenCalled();
    expect(getList(1, "CHILD_NODE")?.ids).toEqual([3, 2]);
    // The reorder went out (and reached the server): the list is read then.
    waitingReorder.clear();
    fetch.mockResolvedValue(page(1, [3, 2, 9]));
    await vi.advanceTimersByTimeAsync(600);
    expect(getList(1, "CHILD_NODE")?.ids).toEqual([3, 2, 9]);
  });

  it("a removed link or a deleted node leaves the lists at once", () => {
    setList("1:CHILD_NODE", ready([2, 3, 4], 10));
    setList("4:CHILD_NODE", ready([5, 3]));
    applyLiveMessage(
      {
        type: "relation_updated",
        action: "deleted",
        relation: { id: null, xnode: 1, ynode: 2, relation_name: "CHILD_NODE" },
      },
      ctx,
    );
    expect(getList(1, "CHILD_NODE")).toMatchObject({ ids: [3, 4], total: 9 });
    applyLiveMessage({ type: "nodes_deleted", node_ids: [3] }, ctx);
    expect(getList(1, "CHILD_NODE")).toMatchObject({ ids: [4], total: 8 });
    expect(getList(4, "CHILD_NODE")).toMatchObject({ ids: [5], total: 1 });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("streaming", () => {
  it("chunks append to the node's text and mark it streaming until stream_done", () => {
    upsertNodes([dnode(7, "回答", 1, { text: "你" })]);
    applyLiveMessage({ type: "stream_chunk", node_id: 7, text: "好" }, ctx);
    applyLiveMessage({ type: "stream_chunk", node_id: 7, text: "，世界" }, ctx);
    expect(useNodes.getState().nodes[7].content.text).toBe("你好，世界");
    expect(useStreamingStore.getState().ids[7]).toBe(true);
    applyLiveMessage({ type: "stream_done", node_id: 7 }, ctx);
    expect(useStreamingStore.getState().ids[7]).toBeUndefined();
  });
});
