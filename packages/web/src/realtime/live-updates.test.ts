import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CLIENT_ID } from "../api/client-id";
import { writeTokens } from "../api/tokens";
import { setList, upsertNodes, useNodes } from "../entities/dnode/store";
import type { Dnode } from "../entities/dnode/types";
import { resetSharedController } from "../features/outliner/context";
import { resetOutline } from "../features/outliner/store";
import { fakeToken, mockFetch } from "../test-support/api";
import { ready } from "../test-support/outliner";
import { startLiveUpdates } from "./live-updates";

/** The browser's WebSocket, replaced: every socket the tab opens, what it sent, and the server's side. */
class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  readyState = 1;
  sent: Array<{ type: string; node_ids?: number[] }> = [];
  onopen = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror = null;
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const node = (id: number, name: string, version = 1) =>
  ({
    id,
    name,
    type: "NOTE",
    content: {},
    parent_id: null,
    main_relation: null,
    owner_id: 1,
    version,
    relations: {},
  }) as Dnode;

/** A node as the server sends it: every field of the contract (the client parses messages strictly). */
const asSent = (n: Dnode) => ({
  ...n,
  creator_id: 1,
  creator_name: null,
  src_id: null,
  src_version: null,
  version: n.version ?? 1,
  anchor_id: null,
  order: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  finished_at: null,
  xtype: null,
  children: [],
  dd_cnt: 0,
  relatedChildrenCnt: 0,
  questionsCnt: 0,
  evolves: 0,
  permissions: { read: true, write: true, admin: true },
  is_public: false,
});

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.opened = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  localStorage.clear();
  writeTokens({ access: fakeToken(600), refresh: fakeToken(3600) });
  resetOutline();
  resetSharedController();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("a tab showing a tree polls once, opens the socket, watches what it shows and takes a rename", async () => {
  const fetch = mockFetch((url) =>
    url.includes("/process/my_processes/")
      ? {
          body: {
            results: [],
            count: 0,
            suggested_mode: "polling",
            next_poll_interval: 30,
            websocket_url: "/ws/processes/",
          },
        }
      : { status: 404, body: {} },
  );
  upsertNodes([node(1, "树"), node(2, "第一行")]);
  setList("1:CHILD_NODE", ready([2]));
  stop = startLiveUpdates(new QueryClient());
  await vi.advanceTimersByTimeAsync(250);

  expect(fetch.mock.calls[0][0]).toContain("/api/process/my_processes/");
  const socket = FakeWebSocket.opened[0];
  const url = new URL(socket.url);
  expect(url.pathname).toBe("/ws/processes/");
  expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
  expect(url.searchParams.get("token")).toBeTruthy();

  socket.receive({ type: "connection_established", user_id: 1 });
  expect(socket.sent).toEqual([{ type: "subscribe", node_ids: [1, 2] }]);
  // A row typed into the list is watched too, once the store settles.
  upsertNodes([node(3, "第二行")]);
  setList("1:CHILD_NODE", ready([2, 3]));
  await vi.advanceTimersByTimeAsync(250);
  expect(socket.sent.at(-1)).toEqual({ type: "subscribe", node_ids: [3] });

  socket.receive({ type: "node_updated", dnode: asSent(node(2, "别人改的名字", 2)) });
  expect(useNodes.getState().nodes[2].name).toBe("别人改的名字");

  // A dropped connection comes back after 5 s and watches everything again.
  socket.onclose?.({ code: 1006 });
  await vi.advanceTimersByTimeAsync(5000);
  const again = FakeWebSocket.opened[1];
  again.receive({ type: "connection_established", user_id: 1 });
  expect(again.sent[0]).toEqual({ type: "subscribe", node_ids: [1, 2, 3] });
});
