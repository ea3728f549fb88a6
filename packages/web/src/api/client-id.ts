/**
 * This tab's id, sent as `X-Client-Id` on every API request and as `client_id` on the live socket. The
 * server records it on the events a request's writes make and does not echo those events back to the
 * tab, so the person typing in a row never gets their own keystrokes back (no flicker, no lost caret).
 * One per loaded page: a module constant, not sessionStorage, which a duplicated tab would copy.
 */
function randomId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `tab-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export const CLIENT_ID = randomId();
