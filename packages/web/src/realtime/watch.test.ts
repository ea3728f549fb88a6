import type { ClientMessage } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { MAX_WATCHED, shownNodeIds, WATCH_BATCH, Watcher } from "./watch";

function setup(initial: number[]) {
  let wanted = initial;
  const sent: ClientMessage[] = [];
  let open = true;
  const watcher = new Watcher(
    () => wanted,
    (message) => {
      if (open) sent.push(message);
      return open;
    },
  );
  return {
    watcher,
    sent,
    want: (ids: number[]) => {
      wanted = ids;
    },
    setOpen: (value: boolean) => {
      open = value;
    },
  };
}

describe("the watched set", () => {
  it("sends only the difference, and everything again after a reset (a new socket knows nothing)", () => {
    const t = setup([1, 2, 3]);
    t.watcher.sync();
    t.want([2, 3, 4]);
    t.watcher.sync();
    t.watcher.sync();
    expect(t.sent).toEqual([
      { type: "subscribe", node_ids: [1, 2, 3] },
      { type: "unsubscribe", node_ids: [1] },
      { type: "subscribe", node_ids: [4] },
    ]);
    t.watcher.reset();
    t.watcher.sync();
    expect(t.sent.at(-1)).toEqual({ type: "subscribe", node_ids: [2, 3, 4] });
  });

  it("is bounded and batched, and skips temporary ids and duplicates", () => {
    const many = Array.from({ length: MAX_WATCHED + 300 }, (_, i) => i + 1);
    const t = setup([-5, 1, 1, ...many]);
    t.watcher.sync();
    const ids = t.sent.flatMap((m) => (m.type === "subscribe" ? m.node_ids : []));
    expect(ids).toHaveLength(MAX_WATCHED);
    expect(ids[0]).toBe(1);
    expect(t.sent.every((m) => m.type === "subscribe" && m.node_ids.length <= WATCH_BATCH)).toBe(true);
  });

  it("remembers nothing as sent while the socket is down", () => {
    const t = setup([1]);
    t.setOpen(false);
    t.watcher.sync();
    t.setOpen(true);
    t.watcher.sync();
    expect(t.sent).toEqual([{ type: "subscribe", node_ids: [1] }]);
  });

  it("puts open pages first, then the parents of loaded lists, then their rows", () => {
    const lists = { "10:CHILD_NODE": { ids: [11, 12] }, "11:CHILD_NODE": { ids: [13] } };
    expect([...shownNodeIds([10, 99], lists)]).toEqual([10, 99, 10, 11, 11, 12, 13]);
  });
});
