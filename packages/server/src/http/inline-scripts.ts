import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { policyAllowingScripts } from "./security-headers";

/**
 * The built index.html carries one inline script, the node page's early entry (packages/web/early-entry.ts).
 * The Content-Security-Policy allows no inline script, so the page's own policy names that script by its
 * hash: exactly that text may run, and nothing injected beside it.
 */

/** The 'sha256-…' sources of a page's inline JavaScript (not of data blocks such as JSON). */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attrs = "", body = ""]) => ({ attrs, body }))
    .filter(({ attrs, body }) => body !== "" && !/\bsrc\s*=/i.test(attrs) && isJavaScript(attrs))
    .map(({ body }) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

function isJavaScript(attrs: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
  return type === undefined || type === "module" || type.includes("javascript");
}

/**
 * The policy for an HTML page of the app: the common one, with the page's inline scripts allowed by hash.
 * Read again when the file changes (a rebuild while the server runs), otherwise from memory.
 */
export function pagePolicy(htmlFile: string): () => string {
  let seen = -1;
  let policy = policyAllowingScripts([]);
  return () => {
    let mtime: number;
    try {
      mtime = statSync(htmlFile).mtimeMs;
    } catch {
      return policy;
    }
    if (mtime !== seen) {
      seen = mtime;
      policy = policyAllowingScripts(inlineScriptSources(readFileSync(htmlFile, "utf8")));
    }
    return policy;
  };
}
