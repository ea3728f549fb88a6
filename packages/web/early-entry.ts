import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from "vite";

const ENTRY = "src/early.ts";
/** The app proper, which main.tsx imports once the early first screen is drawn (see main.tsx). */
const APP_START = "src/app/start.tsx";

type Bundle = NonNullable<IndexHtmlTransformContext["bundle"]>;
type Chunk = Extract<Bundle[string], { type: "chunk" }>;

/**
 * The app's code, which main.tsx imports only once the early first screen is drawn, is still asked for
 * from index.html at once, as Vite does for the entry's own imports: preloaded modules are downloaded
 * and compiled but not run, so the download does not wait and the drawing is not held back. Its style
 * sheets come with it, so the app's first render does not wait for them either.
 */
function appPreloads(bundle: Bundle): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === "chunk");
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(APP_START));
  const entry = chunks.find((c) => c.isEntry && c.name === "index");
  if (!start || !entry) return [];
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const already = new Set([entry.fileName, ...entry.imports]);
  const files: string[] = [];
  const visit = (file: string) => {
    if (already.has(file) || files.includes(file)) return;
    files.push(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  const css = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
  for (const file of entry.viteMetadata?.importedCss ?? []) css.delete(file);
  return [
    ...[...css].map((file) => ({
      tag: "link",
      attrs: { rel: "stylesheet", crossorigin: true, href: `/${file}` },
    })),
    ...files.map((file) => ({
      tag: "link",
      attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
    })),
  ].map((tag) => ({ ...tag, injectTo: "head" as const }));
}

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
        const early = [
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
        return [...early, ...appPreloads(context.bundle ?? {})];
      },
    },
  };
}
