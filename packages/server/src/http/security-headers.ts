import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

// Players the rich-text sanitiser lets through as iframes (services/nodes/sanitize.ts).
const PLAYER_ORIGINS = ["https://www.youtube.com", "https://player.bilibili.com", "https://player.youku.com"];

/**
 * The Content-Security-Policy of every response. No inline script anywhere (the built app loads one
 * module file); inline styles are allowed because antd's CSS-in-JS writes <style> tags at run time.
 * Images and videos may come from any http(s) address, as notes embed them; frames only from our own
 * media (PDF preview) and the allowed players; connections to ourselves, websockets included.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:", "http:", "https:"],
  mediaSrc: ["'self'", "blob:", "http:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'", "ws:", "wss:"],
  frameSrc: ["'self'", ...PLAYER_ORIGINS],
  workerSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Security headers on every response (@fastify/helmet): CSP, nosniff, referrer policy, framing. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Our own list only: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Media are loaded by <img> on our own pages only; same-origin is helmet's default and right.
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}
