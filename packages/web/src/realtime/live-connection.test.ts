import type { DnodeJson, MyProcessesResponse, ServerMessage } from "@zhishu/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACTIVITY_PING_MS,
  LiveConnection,
  type LiveDeps,
  type SocketLike,
  TOKEN_RENEW_LEAD_MS,
} from "./live-connection";

/** A socket the test drives: the server's messages and closes, and what the client sent. */
class FakeSocket implements SocketLike {
  readyState = 1;
  onopen = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  sent: unknown[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
  receive(message: ServerMessage | string) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const node = (id: number, updated_at: string) => ({ id, updated_at }) as unknown as DnodeJson;

const answer = (over: Partial<MyProcessesResponse> = {}): MyProcessesResponse => ({
  results: [],
  count: 0,
  suggested_mode: "polling",
  next_poll_interval: 30,
  websocket_url: "/ws/processes/",
  ...over,
});

/** Tokens as the tests write them: `token@<expiry in epoch ms>`. */
const tokenUntil = (ms: number) => `token@${ms}`;
const expiryOfTest = (token: string) => (token.startsWith("token@") ? Number(token.slice(6)) : null);

function setup(
  options: {
    watching?: boolean;
    answers?: Array<MyProcessesResponse | Error>;
    /** What the tab's token store gives now (default: a token whose expiry cannot be read). */
    token?: () => string | null;
  } = {},
) {
  const answers = [...(options.answers ?? [])];
  const sockets: FakeSocket[] = [];
  let watching = options.watching ?? false;
  const deps = {
    poll: vi.fn(async (_after: string | undefined) => {
      const next = answers.shift() ?? answer();
      if (next instanceof Error) throw next;
      return next;
    }),
    connect: vi.fn(async (_path: string) => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as SocketLike | null;
    }),
    token: vi.fn(async () => (options.token ? options.token() : "opaque")),
    expiryOf: expiryOfTest,
    onMessage: vi.fn(),
    onProcesses: vi.fn(),
    onConnected: vi.fn(),
    watching: () => watching,
    log: vi.fn(),
  } satisfies LiveDeps;
  const live = new LiveConnection(deps);
  return {
    live,
    deps,
    sockets,
    answers,
    setWatching: (value: boolean) => {
      watching = value;
    },
    /** The last socket opened, greeted by the server. */
    greet() {
      const socket = sockets.at(-1)!;
      socket.receive({ type: "connection_established", user_id: 1 });
      return socket;
    },
  };
}

// Lets the promises of a poll or a connect settle without moving the clock.
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("polling", () => {
  it("polls at once, then every next_poll_interval seconds while nothing is going on", async () => {
    const t = setup({ answers: [answer(), answer({ next_poll_interval: 10 })] });
    t.live.start();
    await settle();
    expect(t.deps.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(t.deps.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.deps.poll).toHaveBeenCalledTimes(2);
    // The server asked for 10 s.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.deps.poll).toHaveBeenCalledTimes(3);
    expect(t.deps.connect).not.toHaveBeenCalled();
    expect(t.live.mode).toBe("polling");
  });

  it("logs a failed poll and polls again after the interval", async () => {
    const t = setup({ answers: [new Error("网络断了"), answer()] });
    t.live.start();
    await settle();
    expect(t.deps.log).toHaveBeenCalledWith("轮询进程失败", expect.any(Error));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.deps.poll).toHaveBeenCalledTimes(2);
    expect(t.live.mode).toBe("polling");
  });

  it("takes the first answer as the baseline; new results later switch to the websocket", async () => {
    const t = setup({
      answers: [
        answer({ results: [node(1, "2026-01-01T00:00:00.000Z")] }),
        answer({ results: [node(2, "2026-01-01T00:01:00.000Z")], websocket_url: "/ws/processes/" }),
      ],
    });
    t.live.start();
    await settle();
    expect(t.deps.connect).not.toHaveBeenCalled();
    expect(t.deps.onProcesses).toHaveBeenCalledWith([node(1, "2026-01-01T00:00:00.000Z")]);
    await vi.advanceTimersByTimeAsync(30_000);
    // Asked for what changed after the newest time seen.
    expect(t.deps.poll).toHaveBeenLastCalledWith("2026-01-01T00:00:00.000Z");
    expect(t.deps.connect).toHaveBeenCalledWith("/ws/processes/");
    t.greet();
    expect(t.live.mode).toBe("websocket");
    expect(t.deps.onConnected).toHaveBeenCalledWith(false);
    // No polling while the socket is up.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.deps.poll).toHaveBeenCalledTimes(2);
  });

  it("switches when the server suggests the websocket", async () => {
    const t = setup({ answers: [answer({ suggested_mode: "websocket" })] });
    t.live.start();
    await settle();
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
  });

  it("uses the websocket while the tab shows nodes, as soon as it starts showing them", async () => {
    const t = setup();
    t.live.start();
    await settle();
    expect(t.deps.connect).not.toHaveBeenCalled();
    t.setWatching(true);
    t.live.nudge();
    await settle();
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
  });

  it("stays on polling when signed out (no token to connect with)", async () => {
    const t = setup({ answers: [answer({ suggested_mode: "websocket" }), answer()] });
    t.deps.connect.mockResolvedValueOnce(null);
    t.live.start();
    await settle();
    expect(t.live.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.deps.poll).toHaveBeenCalledTimes(2);
  });
});

describe("the websocket", () => {
  async function connected(t: ReturnType<typeof setup>) {
    t.live.start();
    await settle();
    return t.greet();
  }

  it("hands on node and process messages, ignores heartbeats, logs what it cannot read", async () => {
    const t = setup({ watching: true });
    const socket = await connected(t);
    socket.receive({ type: "heartbeat" });
    socket.receive({ type: "stream_chunk", node_id: 5, text: "你好" });
    socket.receive("not json");
    socket.receive(JSON.stringify({ type: "no_such_type" }));
    expect(t.deps.onMessage.mock.calls).toEqual([[{ type: "stream_chunk", node_id: 5, text: "你好" }]]);
    expect(t.deps.log).toHaveBeenCalledTimes(2);
  });

  it("goes back to polling on mode_changed, closing its socket with 1000", async () => {
    const t = setup({ watching: true });
    const socket = await connected(t);
    socket.receive({ type: "mode_changed", mode: "polling" });
    expect(socket.closedWith).toBe(1000);
    expect(t.live.mode).toBe("polling");
    const polls = t.deps.poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.deps.poll.mock.calls.length).toBe(polls + 1);
  });

  it("after idle_timeout it polls, even while showing nodes, until the person does something", async () => {
    const t = setup({ watching: true });
    const socket = await connected(t);
    socket.receive({ type: "idle_timeout" });
    socket.serverClose(1000);
    expect(t.live.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(90_000);
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
    t.live.activity();
    await settle();
    expect(t.deps.connect).toHaveBeenCalledTimes(2);
  });

  it("polls after a close with 1000, without reconnecting", async () => {
    const t = setup({ answers: [answer({ suggested_mode: "websocket" })] });
    const socket = await connected(t);
    socket.serverClose(1000);
    expect(t.live.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
  });

  it.each([1006, 4401, 1011])("reconnects 5 s after a close with %i, then resyncs", async (code) => {
    const t = setup({
      watching: true,
      answers: [answer({ results: [node(1, "2026-01-01T00:00:00.000Z")] })],
    });
    const socket = await connected(t);
    socket.serverClose(code);
    expect(t.live.mode).toBe("reconnecting");
    expect(t.deps.log).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.deps.connect).toHaveBeenCalledTimes(2);
    t.greet();
    await settle();
    // What was missed is read again: the views resync, processes from the last time seen.
    expect(t.deps.onConnected).toHaveBeenLastCalledWith(true);
    expect(t.deps.poll).toHaveBeenLastCalledWith("2026-01-01T00:00:00.000Z");
  });

  it("keeps trying every 5 s when connecting fails", async () => {
    const t = setup({ watching: true });
    t.deps.connect.mockRejectedValueOnce(new Error("offline"));
    t.live.start();
    await settle();
    expect(t.live.mode).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.deps.connect).toHaveBeenCalledTimes(2);
  });

  it("sends only while open; pings on activity at most once a minute", async () => {
    const t = setup({ watching: true });
    expect(t.live.send({ type: "ping" })).toBe(false);
    const socket = await connected(t);
    expect(t.live.send({ type: "subscribe", node_ids: [1] })).toBe(true);
    t.live.activity(Date.now());
    t.live.activity(Date.now() + ACTIVITY_PING_MS);
    t.live.activity(Date.now() + ACTIVITY_PING_MS + 10);
    expect(socket.sent).toEqual([{ type: "subscribe", node_ids: [1] }, { type: "ping" }]);
  });

  it("stop closes the socket with 1000 and leaves no timer running", async () => {
    const t = setup({ watching: true });
    const socket = await connected(t);
    t.live.stop();
    expect(socket.closedWith).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
    expect(t.live.mode).toBe("stopped");
  });
});

describe("the access token of an open socket", () => {
  const MINUTES_15 = 15 * 60_000;

  /** A token store that refreshes as the API client does: within 30 s of expiry a new 15-minute token. */
  function refreshingStore() {
    let current = tokenUntil(Date.now() + MINUTES_15);
    return () => {
      const expiry = expiryOfTest(current) ?? 0;
      if (expiry - 30_000 <= Date.now()) current = tokenUntil(Date.now() + MINUTES_15);
      return current;
    };
  }

  it("sends a refreshed token shortly before the held one expires, again and again, on the same socket", async () => {
    const t = setup({ watching: true, token: refreshingStore() });
    t.live.start();
    await settle();
    const socket = t.greet();
    await settle();
    const auths = () => socket.sent.filter((m) => (m as { type: string }).type === "auth");
    await vi.advanceTimersByTimeAsync(MINUTES_15 - TOKEN_RENEW_LEAD_MS - 1000);
    expect(auths()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(auths()).toHaveLength(1);
    const first = auths()[0] as { token: string };
    expect(expiryOfTest(first.token)).toBeGreaterThan(Date.now() + MINUTES_15 - 1000);
    // The next one comes before the new token expires in turn; no reconnect in between.
    await vi.advanceTimersByTimeAsync(MINUTES_15);
    expect(auths()).toHaveLength(2);
    expect(t.deps.connect).toHaveBeenCalledTimes(1);
    expect(t.live.mode).toBe("websocket");
  });

  it("sends nothing when no fresh token comes (signed out): the server's 4401 then brings a reconnect", async () => {
    let signedIn = true;
    const held = tokenUntil(Date.now() + MINUTES_15);
    const t = setup({ watching: true, token: () => (signedIn ? held : null) });
    t.live.start();
    await settle();
    const socket = t.greet();
    await settle();
    signedIn = false;
    await vi.advanceTimersByTimeAsync(MINUTES_15);
    expect(socket.sent.filter((m) => (m as { type: string }).type === "auth")).toEqual([]);
    socket.serverClose(4401);
    expect(t.live.mode).toBe("reconnecting");
  });

  it("stops renewing a socket that closed", async () => {
    const t = setup({ watching: true, token: refreshingStore() });
    t.live.start();
    await settle();
    const socket = t.greet();
    await settle();
    socket.serverClose(1000);
    await vi.advanceTimersByTimeAsync(MINUTES_15);
    expect(socket.sent.filter((m) => (m as { type: string }).type === "auth")).toEqual([]);
  });
});
