import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutlineApi } from "../../entities/dnode/api";
import { setList, upsertNodes, useNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { OutlineController } from "./controller";
import { resetOutline } from "./store";

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const dnode = (id: number, name: string, version: number): Dnode => ({
  id,
  name,
  type: "NOTE",
  content: {},
  parent_id: 1,
  main_relation: "CHILD_NODE",
  owner_id: 1,
  relations: {},
  version,
});

let created: ReturnType<typeof deferred<{ dnode: Dnode; relation: never }>>;
let saved: ReturnType<typeof deferred<void>>;
let controller: OutlineController;
let api: OutlineApi;
const view = { scope: "", rootId: 1, rows: [] };

beforeEach(() => {
  resetOutline();
  upsertNodes([dnode(1, "根", 1)]);
  setList("1:CHILD_NODE", { ids: [], total: 0, status: "ready", rev: 0 });
  created = deferred();
  saved = deferred();
  api = {
    create: vi.fn(() => created.promise),
    update: vi.fn(async (id: number, body: { name?: string }) => {
      await saved.promise;
      return dnode(id, body.name ?? "", 2);
    }),
  } as unknown as OutlineApi;
  controller = new OutlineController({
    api,
    notify: vi.fn(),
    warn: vi.fn(),
    navigate: vi.fn(),
    confirm: async () => true,
    deleted: vi.fn(),
  });
});
afterEach(() => vi.useRealTimers());

const nameOf = (id: number) => useNodes.getState().nodes[id]?.name;

describe("a row typed before the server made it", () => {
  it("keeps its typed name when server copies arrive before or after its save", async () => {
    controller.rows.appendChild(view, 1, "CHILD_NODE");
    const temp = useNodes.getState().lists["1:CHILD_NODE"].ids[0];
    expect(temp).toBeLessThan(0);
    controller.names.edit(temp, { name: "一" });
    created.resolve({ dnode: dnode(50, "", 1), relation: undefined as never });
    await vi.waitFor(() => expect(useNodes.getState().lists["1:CHILD_NODE"].ids).toEqual([50]));
    // A page of children that left the server before the name was saved (the save is still out).
    controller.core.receive([dnode(50, "", 1)]);
    expect(nameOf(50)).toBe("一");
    saved.resolve();
    await controller.core.settled();
    expect(useNodes.getState().nodes[50].version).toBe(2);
    // The same stale copy arriving after the save answered is older than what the store holds.
    controller.core.receive([dnode(50, "", 1)]);
    expect(nameOf(50)).toBe("一");
    // A newer copy (edited elsewhere) is taken.
    controller.core.receive([dnode(50, "一（改）", 3)]);
    expect(nameOf(50)).toBe("一（改）");
  });
});

describe("name saves", () => {
  it("sends one node's saves one after another, never two at once", async () => {
    upsertNodes([dnode(7, "旧", 1)]);
    controller.names.edit(7, { name: "知" });
    controller.core.saves.flush(7);
    controller.names.edit(7, { name: "知识" });
    controller.core.saves.flush(7);
    await new Promise((r) => setTimeout(r, 10));
    expect(vi.mocked(api.update).mock.calls.map(([, body]) => body)).toEqual([{ name: "知" }]);
    saved.resolve();
    await controller.core.settled();
    expect(vi.mocked(api.update).mock.calls.map(([, body]) => body)).toEqual([
      { name: "知" },
      { name: "知识" },
    ]);
    expect(nameOf(7)).toBe("知识");
  });
});

describe("a page reload while rows are on their way to the server", () => {
  it("keeps the typed rows when the page was asked for before the server had them", async () => {
    const page = deferred<{ relations: never[]; related_nodes: Dnode[]; pagination_info: object }>();
    api.relations = vi.fn(() => page.promise) as unknown as OutlineApi["relations"];
    controller.rows.appendChild(view, 1, "CHILD_NODE");
    // The page's node arrived fresh, so the page asks for its children again; the create is still out.
    const reload = controller.core.loadRoot(1, ["CHILD_NODE"]);
    const temp = useNodes.getState().lists["1:CHILD_NODE"].ids[0];
    created.resolve({ dnode: dnode(50, "", 1), relation: undefined as never });
    await vi.waitFor(() => expect(useNodes.getState().lists["1:CHILD_NODE"].ids).toEqual([50]));
    expect(temp).toBeLessThan(0);
    // The server answers with the list as it was before the row existed.
    page.resolve({ relations: [], related_nodes: [], pagination_info: { CHILD_NODE: { total: 0 } } });
    await reload;
    expect(useNodes.getState().lists["1:CHILD_NODE"].ids).toEqual([50]);
  });
});
