import type { Plugin } from "vite";

const ENTRY = "src/early.ts";

/**
 * The early entry (src/early.ts, issue 18 point 5) as a script of its own, first in the page's head:
 * Vite folds every module script of index.html into one entry, which runs only once all the app's code
 * has arrived; a separate input with its own async script tag runs as soon as its few bytes are here, so the
 * node page's requests go out while the app's code is still downloading.
 */
export function earlyEntry(): Plugin {
  return {
    name: "zhishu-early-entry",
    config: () => ({ build: { rollupOptions: { input: { index: "index.html", early: ENTRY } } } }),
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        // The dev server serves the source as it is.
        const chunk = context.bundle
          ? Object.values(context.bundle).find((c) => c.type === "chunk" && c.isEntry && c.name === "early")
          : undefined;
        if (chunk?.type !== "chunk")
          return [{ tag: "script", attrs: { type: "module", src: `/${ENTRY}` }, injectTo: "head-prepend" }];
        // Its few small imports are asked for at once, not after it arrives.
        return [
          // async: a deferred script would wait for the page's style sheets before it runs.
          {
            tag: "script",
            attrs: { type: "module", async: true, crossorigin: true, src: `/${chunk.fileName}` },
          },
          ...chunk.imports.map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          })),
        ].map((tag) => ({ ...tag, injectTo: "head-prepend" as const }));
      },
    },
  };
}
