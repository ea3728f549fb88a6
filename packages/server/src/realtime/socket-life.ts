import { WS_CLOSE, WS_HEARTBEAT_MS } from "@zhishu/shared";
import { decodeJwt } from "jose";
import type { WebSocket } from "ws";

/**
 * What every live socket does over its life, whatever it carries: a heartbeat every 30 s (tests
 * shorten it), and a close with 4401 the moment its token expires, so a socket never outlives the
 * login that opened it (the client reconnects with a fresh token). Both stop when the socket closes.
 */
export function keepSocket(socket: WebSocket, token: string, heartbeatMs = WS_HEARTBEAT_MS): void {
  const heartbeat = setInterval(() => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: "heartbeat" }));
  }, heartbeatMs);
  const exp = decodeJwt(token).exp;
  const expiry = exp
    ? setTimeout(
        () => socket.close(WS_CLOSE.unauthorized, "token expired"),
        Math.max(0, exp * 1000 - Date.now()),
      )
    : null;
  socket.on("close", () => {
    clearInterval(heartbeat);
    if (expiry) clearTimeout(expiry);
  });
}
