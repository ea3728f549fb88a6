import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

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

const HELMET_OPTIONS: HelmetOptions = {
  // Our own list only: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs.
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  // Media are loaded by <img> on our own pages only; same-origin is helmet's default and right.
  crossOriginResourcePolicy: { policy: "same-origin" },
};

/**
 * The headers helmet sets with these options, worked out once. Every directive above is a fixed string
 * (no per-request nonce), so the set is the same for every response. (Helmet also removes X-Powered-By,
 * which nothing here sets.)
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The Content-Security-Policy of every response with `scriptSources` also allowed to run (the app page's
 * inline script by its hash: http/inline-scripts.ts), written by helmet as for every other response.
 */
export function policyAllowingScripts(scriptSources: string[]): string {
  const directives = { ...CSP_DIRECTIVES, scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scriptSources] };
  const headers = securityHeaders({
    ...HELMET_OPTIONS,
    contentSecurityPolicy: { useDefaults: false, directives },
  });
  return headers.find(([name]) => name.toLowerCase() === "content-security-policy")?.[1] ?? "";
}

/**
 * Security headers on every response, helmet's (CSP, nosniff, referrer policy, framing), set by one
 * plain hook from the set worked out at start: @fastify/helmet built helmet's whole middleware again for
 * each request (issue 18 point 2 profiled it at ~3% of a light read's CPU). They are set on the raw
 * response as helmet sets them, so a route's own header of the same name still wins.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook("onRequest", (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
