import type { ServerMessage } from "@zhishu/shared";
import type { WebSocket } from "ws";

/** One open /ws/processes/ socket: whose it is, which tab, and which nodes it shows. */
export interface LiveSocket {
  socket: WebSocket;
  userId: number;
  /** The tab's X-Client-Id, so its own changes are not echoed back to it. */
  clientId: string | null;
  subscriptions: Set<number>;
}

/**
 * The sockets of one app server, indexed by user and by watched node, so an event batch finds its
 * recipients without looking at every socket.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveSocket>>();
  private readonly byNode = new Map<number, Set<LiveSocket>>();

  add(live: LiveSocket): void {
    const mine = this.byUser.get(live.userId) ?? new Set<LiveSocket>();
    this.byUser.set(live.userId, mine);
    mine.add(live);
  }

  remove(live: LiveSocket): void {
    this.unsubscribe(live, [...live.subscriptions]);
    const mine = this.byUser.get(live.userId);
    mine?.delete(live);
    if (mine?.size === 0) this.byUser.delete(live.userId);
  }

  subscribe(live: LiveSocket, nodeIds: number[]): void {
    for (const id of nodeIds) {
      live.subscriptions.add(id);
      const watchers = this.byNode.get(id) ?? new Set<LiveSocket>();
      this.byNode.set(id, watchers);
      watchers.add(live);
    }
  }

  unsubscribe(live: LiveSocket, nodeIds: number[]): void {
    for (const id of nodeIds) {
      live.subscriptions.delete(id);
      const watchers = this.byNode.get(id);
      watchers?.delete(live);
      if (watchers?.size === 0) this.byNode.delete(id);
    }
  }

  /** The sockets watching any of these nodes. */
  watching(nodeIds: Iterable<number>): Set<LiveSocket> {
    const found = new Set<LiveSocket>();
    for (const id of nodeIds) for (const live of this.byNode.get(id) ?? []) found.add(live);
    return found;
  }

  /** The sockets of these users. */
  ofUsers(userIds: Iterable<number>): Set<LiveSocket> {
    const found = new Set<LiveSocket>();
    for (const id of userIds) for (const live of this.byUser.get(id) ?? []) found.add(live);
    return found;
  }

  /** Every socket (for a server-wide notice such as mode_changed at shutdown). */
  all(): LiveSocket[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }
}

/** Sends one message if the socket is still open. */
export function send(live: LiveSocket, message: ServerMessage): void {
  if (live.socket.readyState === live.socket.OPEN) live.socket.send(JSON.stringify(message));
}
