import { randomKey } from "../lib/random-key";

/**
 * This tab's id, sent as `X-Client-Id` on every API request and as `client_id` on the live socket. The
 * server records it on the events a request's writes make and does not echo those events back to the
 * tab, so the person typing in a row never gets their own keystrokes back (no flicker, no lost caret).
 * One per loaded page: a module constant, not sessionStorage, which a duplicated tab would copy.
 */
export const CLIENT_ID = `tab-${randomKey().slice(0, 24)}`;
