import { WS_CLOSE, WS_HEARTBEAT_MS } from "@zhishu/shared";
import { decodeJwt } from "jose";
import type { WebSocket } from "ws";

/** A live socket's clock: `renew` moves the close to a newer token's expiry. */
export interface SocketLife {
  renew(token: string): void;
}

/**
 * What every live socket does over its life, whatever it carries: a heartbeat every 30 s (tests
 * shorten it), and a close with 4401 the moment its token expires, so a socket never outlives the
 * login that opened it. The client keeps it open by sending a refreshed access token over it before
 * then (`renewToken`); a client that cannot refresh (signed out, login revoked) is closed at expiry and
 * reconnects, or polls, with what it has. Both timers stop when the socket closes.
 */
export function keepSocket(socket: WebSocket, token: string, heartbeatMs = WS_HEARTBEAT_MS): SocketLife {
  const heartbeat = setInterval(() => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: "heartbeat" }));
  }, heartbeatMs);
  const closeAtExpiry = (of: string) => {
    const exp = decodeJwt(of).exp;
    return exp
      ? setTimeout(
          () => socket.close(WS_CLOSE.unauthorized, "token expired"),
          Math.max(0, exp * 1000 - Date.now()),
        )
      : null;
  };
  let expiry = closeAtExpiry(token);
  socket.on("close", () => {
    clearInterval(heartbeat);
    if (expiry) clearTimeout(expiry);
  });
  return {
    renew(next) {
      if (expiry) clearTimeout(expiry);
      expiry = closeAtExpiry(next);
    },
  };
}

/**
 * `{type: "auth", token}` from the client: a valid access token of the socket's own user moves its
 * expiry (the session goes on, seamlessly); anything else — invalid, expired, another user's — closes
 * the socket with 4401, as an expired token would.
 */
export async function renewToken(
  socket: WebSocket,
  life: SocketLife,
  userId: number,
  token: string,
  verify: (token: string) => Promise<number | null>,
): Promise<void> {
  const owner = await verify(token);
  if (socket.readyState !== socket.OPEN) return;
  if (owner !== userId) socket.close(WS_CLOSE.unauthorized, "unauthorized");
  else life.renew(token);
}
