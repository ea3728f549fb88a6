import {
  type ClientMessage,
  DEFAULT_POLL_INTERVAL_S,
  type DnodeJson,
  type MyProcessesResponse,
  type ServerMessage,
  serverMessageSchema,
  WS_CLOSE,
  WS_PROCESSES_PATH,
  WS_RECONNECT_MS,
} from "@zhishu/shared";

/** The part of a browser WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

const OPEN = 1;

export interface LiveDeps {
  /** GET /api/process/my_processes/ after the given time (none: the first page). */
  poll(updatedAfter: string | undefined): Promise<MyProcessesResponse>;
  /** Opens the socket at the server's path with a fresh token; null when signed out. */
  connect(path: string): Promise<SocketLike | null>;
  /** A usable access token (refreshed first when about to expire); null when signed out. */
  token(): Promise<string | null>;
  /** When a token expires, in epoch milliseconds (read from the token; null when unreadable). */
  expiryOf(token: string): number | null;
  /** Every message other than the connection's own (greeting, mode, heartbeat, idle). */
  onMessage(message: ServerMessage): void;
  /** Processes polling found changed (the same as process_updated messages would say). */
  onProcesses(results: DnodeJson[]): void;
  /** The socket is open and greeted: (re)send subscriptions; `resync` after a gap in delivery. */
  onConnected(resync: boolean): void;
  /** True while the tab shows nodes that should update live (our addition to the spec's rule, below). */
  watching(): boolean;
  log(message: string, error?: unknown): void;
}

export type LiveMode = "stopped" | "polling" | "connecting" | "websocket" | "reconnecting";

/** While the person is active on a socket, a ping goes at most this often (the server's idle clock). */
export const ACTIVITY_PING_MS = 60_000;

/**
 * How long before the socket's token expires the client sends it a refreshed one (`{type: "auth"}`):
 * inside the 30 s in which the API client refreshes a token before use, so asking for a token then
 * refreshes it, and early enough for the refresh to land before the server would close the socket.
 */
export const TOKEN_RENEW_LEAD_MS = 25_000;
/** When asking for a token gave back the same one (not refreshed yet), the next try comes this soon. */
const TOKEN_RETRY_MS = 5_000;

/**
 * One tab's live connection (people-spec 4 "Live updates", 8, 9). Polls my_processes every
 * `next_poll_interval` seconds (30 by default); switches to the websocket when a poll finds new results
 * or the server suggests it; goes back to polling on `mode_changed` to polling, on `idle_timeout` and on
 * a close with 1000; reconnects 5 s after any other close (4401 included: the next connect takes a
 * refreshed token). A failed poll is logged and polling goes on.
 *
 * An open socket outlives its access token: shortly before the token expires, the connection sends the
 * socket a refreshed one (`{type: "auth", token}`), so the server keeps it open; only when no fresh
 * token comes (signed out) does the server close it with 4401 at expiry.
 *
 * Beyond the spec: node updates only travel on the socket, so a tab that shows nodes (`watching`) uses
 * it too, as long as the person is active. A tab left alone is closed by the server's idle timeout and
 * polls; the next keystroke or click (`activity`) opens the socket again and resyncs what it shows.
 */
export class LiveConnection {
  mode: LiveMode = "stopped";
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The next token renewal of the open socket. */
  private renewal: ReturnType<typeof setTimeout> | null = null;
  private intervalMs = DEFAULT_POLL_INTERVAL_S * 1000;
  private updatedAfter: string | undefined;
  private baselined = false;
  /** The server said idle_timeout: the tab stays on polling until the person does something. */
  private idled = false;
  /** The socket was open before: the next open follows a gap in which events may have been missed. */
  private everConnected = false;
  private lastPing = 0;
  /** Where the server said the socket is (my_processes' websocket_url). */
  private path = WS_PROCESSES_PATH;

  constructor(private readonly deps: LiveDeps) {}

  start(): void {
    if (this.mode !== "stopped") return;
    this.toPolling(0);
  }

  stop(): void {
    this.mode = "stopped";
    this.clearTimer();
    this.dropSocket();
  }

  /** Sends a message if the socket is open; false otherwise (the caller resends on the next connect). */
  send(message: ClientMessage): boolean {
    if (this.mode !== "websocket" || this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** The tab now shows nodes: use the socket unless the server idled it out or it is already up. */
  nudge(): void {
    if (this.mode === "polling" && !this.idled && this.deps.watching()) void this.toWebsocket();
  }

  /** The person did something in the tab (a key, a click). */
  activity(now = Date.now()): void {
    if (this.mode === "polling" && this.idled) {
      this.idled = false;
      this.nudge();
    } else if (this.mode === "websocket" && now - this.lastPing >= ACTIVITY_PING_MS) {
      this.lastPing = now;
      this.send({ type: "ping" });
    }
  }

  // ---- polling

  private toPolling(delayMs: number): void {
    this.dropSocket();
    this.mode = "polling";
    this.schedule(delayMs, () => void this.pollOnce());
  }

  private async pollOnce(): Promise<void> {
    let response: MyProcessesResponse;
    try {
      response = await this.deps.poll(this.updatedAfter);
    } catch (error) {
      this.deps.log("轮询进程失败", error);
      if (this.mode === "polling") this.schedule(this.intervalMs, () => void this.pollOnce());
      return;
    }
    if (this.mode !== "polling") return;
    const fresh = this.take(response);
    if (response.suggested_mode === "websocket" || fresh || (!this.idled && this.deps.watching()))
      void this.toWebsocket(response.websocket_url);
    else this.schedule(this.intervalMs, () => void this.pollOnce());
  }

  /** Takes a poll's answer: the interval, the newest time seen; true when it brought new results. */
  private take(response: MyProcessesResponse): boolean {
    this.intervalMs = Math.max(1, response.next_poll_interval || DEFAULT_POLL_INTERVAL_S) * 1000;
    for (const node of response.results)
      if (node.updated_at && (!this.updatedAfter || node.updated_at > this.updatedAfter))
        this.updatedAfter = node.updated_at;
    // The first answer is the baseline: what was there before this tab opened is not news.
    const fresh = this.baselined && response.results.length > 0;
    this.baselined = true;
    if (response.results.length > 0) this.deps.onProcesses(response.results);
    return fresh;
  }

  // ---- the socket

  private async toWebsocket(path = this.path): Promise<void> {
    this.path = path;
    this.clearTimer();
    this.dropSocket();
    this.mode = "connecting";
    let socket: SocketLike | null;
    try {
      socket = await this.deps.connect(path);
    } catch (error) {
      this.deps.log("实时连接失败", error);
      if (this.mode === "connecting") this.reconnectLater();
      return;
    }
    if (this.mode !== "connecting") {
      socket?.close(WS_CLOSE.normal);
      return;
    }
    if (!socket) {
      this.toPolling(this.intervalMs);
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onerror = (event) => this.deps.log("实时连接出错", event);
    socket.onclose = (event) => this.closed(socket, event.code);
  }

  private received(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    let parsed: ServerMessage;
    try {
      const result = serverMessageSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch (error) {
      this.deps.log("无法识别的实时消息", error);
      return;
    }
    switch (parsed.type) {
      case "connection_established": {
        this.mode = "websocket";
        this.lastPing = Date.now();
        const resync = this.everConnected;
        this.everConnected = true;
        this.deps.onConnected(resync);
        // Processes changed while no socket was open are read once, from the last time seen.
        if (resync) void this.catchUp();
        void this.planRenewal(socket);
        return;
      }
      case "heartbeat":
        return;
      case "mode_changed":
        if (parsed.mode === "polling") this.toPolling(this.intervalMs);
        return;
      case "idle_timeout":
        this.idled = true;
        this.toPolling(this.intervalMs);
        return;
      default:
        this.deps.onMessage(parsed);
    }
  }

  /**
   * Schedules sending the socket a refreshed token before the one it holds expires: the token it holds
   * is the newest this tab has (it connected with it, or sent it since).
   */
  private async planRenewal(socket: SocketLike, sentExpiry?: number): Promise<void> {
    const token = sentExpiry === undefined ? await this.deps.token() : null;
    const expiry = sentExpiry ?? (token ? this.deps.expiryOf(token) : null);
    if (expiry === null || socket !== this.socket) return;
    this.clearRenewal();
    const delay = Math.max(0, expiry - TOKEN_RENEW_LEAD_MS - Date.now());
    this.renewal = setTimeout(() => void this.renew(socket, expiry), delay);
  }

  private async renew(socket: SocketLike, heldExpiry: number): Promise<void> {
    this.renewal = null;
    const token = await this.deps.token();
    if (socket !== this.socket || socket.readyState !== OPEN || !token) return;
    const expiry = this.deps.expiryOf(token);
    if (expiry === null) return;
    if (expiry <= heldExpiry) {
      // Not refreshed yet (the clock is a little early): try again while the held token lasts.
      if (Date.now() + TOKEN_RETRY_MS < heldExpiry)
        this.renewal = setTimeout(() => void this.renew(socket, heldExpiry), TOKEN_RETRY_MS);
      return;
    }
    socket.send(JSON.stringify({ type: "auth", token } satisfies ClientMessage));
    void this.planRenewal(socket, expiry);
  }

  private clearRenewal(): void {
    if (this.renewal) clearTimeout(this.renewal);
    this.renewal = null;
  }

  private async catchUp(): Promise<void> {
    try {
      this.take(await this.deps.poll(this.updatedAfter));
    } catch (error) {
      this.deps.log("轮询进程失败", error);
    }
  }

  private closed(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearRenewal();
    if (code === WS_CLOSE.normal) this.toPolling(this.intervalMs);
    else {
      this.deps.log(`实时连接断开（${code}），${WS_RECONNECT_MS / 1000} 秒后重连`);
      this.reconnectLater();
    }
  }

  private reconnectLater(): void {
    this.mode = "reconnecting";
    this.schedule(WS_RECONNECT_MS, () => void this.toWebsocket());
  }

  /** Closes the socket this connection no longer wants, without reacting to its close. */
  private dropSocket(): void {
    this.clearRenewal();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.close(WS_CLOSE.normal);
  }

  private schedule(delayMs: number, run: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      run();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
