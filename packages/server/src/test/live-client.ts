import type { ServerMessage } from "@zhishu/shared";
import WebSocket from "ws";
import type { TestServer } from "./harness";

/** A live socket with every message it got, and a way to wait for one. */
export interface Client {
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<number>;
  waitFor(match: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>;
  subscribe(ids: number[]): Promise<void>;
}

export async function connect(
  on: TestServer,
  token: string,
  clientId = `tab-${Math.random().toString(36).slice(2, 12)}`,
): Promise<Client> {
  const socket = new WebSocket(
    `${on.url.replace(/^http/, "ws")}/ws/processes/?token=${token}&client_id=${clientId}`,
  );
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const client: Client = {
    socket,
    messages,
    closed,
    waitFor(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message in ${JSON.stringify(messages.map((m) => m.type))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async subscribe(ids) {
      socket.send(JSON.stringify({ type: "subscribe", node_ids: ids }));
      // The server checks rights before it watches; a ping round trip is not needed, a short wait is.
      await new Promise((resolve) => setTimeout(resolve, 150));
    },
  };
  await client.waitFor((m) => m.type === "connection_established");
  return client;
}
