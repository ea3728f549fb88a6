/**
 * A random key for one request (an Idempotency-Key). `crypto.randomUUID` exists only in secure contexts,
 * and the app is also served over plain http on a LAN address, so the key is built from
 * `getRandomValues`, which every context has.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
