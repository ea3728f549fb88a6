import path from "node:path";
import { rolldown } from "rolldown";
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from "vite";

const ENTRY = "src/early.ts";
/** The app proper, which main.tsx imports once the early first screen is drawn (see main.tsx). */
const APP_START = "src/app/start.tsx";
/** The node page's code, which the early script asks for on a node page (src/early.ts). */
const NODE_PAGE = "src/features/outliner/NodePage.tsx";

type Bundle = NonNullable<IndexHtmlTransformContext["bundle"]>;
type Chunk = Extract<Bundle[string], { type: "chunk" }>;

/** A chunk's file and every file it imports statically, less `already`; and their style sheets. */
function filesOf(bundle: Bundle, facade: string, already: Set<string>): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === "chunk");
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(facade));
  if (!start) return { js: [], css: [] };
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const js: string[] = [];
  const visit = (file: string) => {
    if (already.has(file) || js.includes(file)) return;
    js.push(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  const css = [...new Set(js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
  return { js, css: css.filter((file) => !already.has(file)) };
}

/** What index.html already loads: the entry, its imports and its style sheets. */
function entryFiles(bundle: Bundle): Set<string> {
  const entry = Object.values(bundle).find(
    (c): c is Chunk => c.type === "chunk" && c.isEntry && c.name === "index",
  );
  return new Set(entry ? [entry.fileName, ...entry.imports, ...(entry.viteMetadata?.importedCss ?? [])] : []);
}

/**
 * The app's style sheets, in index.html as Vite puts the entry's: they hold the first paint back until
 * they are here, so the app never shows unstyled. Its modules are preloaded by the early script (see
 * src/early.ts).
 */
function appStyleSheets(css: string[]): HtmlTagDescriptor[] {
  return css.map((file) => ({
    tag: "link",
    attrs: { rel: "stylesheet", crossorigin: true, href: `/${file}` },
    injectTo: "head" as const,
  }));
}

/**
 * The early entry bundled alone, with nothing to import, as one classic script: run where it stands in
 * the page, before any of the page's files has been asked for. It preloads the app's modules
 * (`appFiles`) and, on a node page, the node page's modules and style sheets (`nodePageFiles`).
 */
async function earlyScript(root: string, appFiles: string[], nodePageFiles: string[]): Promise<string> {
  const bundle = await rolldown({
    input: path.join(root, ENTRY),
    cwd: root,
    platform: "browser",
    tsconfig: false,
    transform: {
      define: {
        __APP_FILES__: JSON.stringify(appFiles),
        __NODE_PAGE_FILES__: JSON.stringify(nodePageFiles),
      },
    },
  });
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true });
    return output[0].code.trim();
  } finally {
    await bundle.close();
  }
}

/** What the build's other plugins may ask of this one (precompress.ts: the app's first download). */
export interface EarlyEntryApi {
  /** The app's modules the early script preloads on every page: part of the first download. */
  appFiles: string[];
}

/**
 * The early entry (src/early.ts, issue 18 point 5) inlined as the first thing in the page's head: the
 * node page's first-screen request goes out while the HTML is still being read, before the page's other
 * files are asked for (the browser opens only six connections to a host), and the screen is drawn as
 * soon as the answer is here. It is a script of its own, not part of the app's module graph: a module
 * runs only once its imports have arrived. The server allows it by its hash in the Content-Security-Policy
 * (packages/server/src/http/inline-scripts.ts), so no other inline script can run.
 */
export function earlyEntry(): Plugin & { api: EarlyEntryApi } {
  let root = process.cwd();
  const api: EarlyEntryApi = { appFiles: [] };
  return {
    name: "zhishu-early-entry",
    api,
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      async handler(_html, context) {
        // The dev server serves the source as a module; the node page's code is not preloaded there.
        if (!context.bundle)
          return [{ tag: "script", attrs: { type: "module", src: `/${ENTRY}` }, injectTo: "head-prepend" }];
        const loaded = entryFiles(context.bundle);
        const app = filesOf(context.bundle, APP_START, loaded);
        const nodePage = filesOf(context.bundle, NODE_PAGE, new Set([...loaded, ...app.js, ...app.css]));
        api.appFiles = app.js;
        const code = await earlyScript(root, app.js, [...nodePage.js, ...nodePage.css]);
        return [
          { tag: "script", children: code, injectTo: "head-prepend" as const },
          ...appStyleSheets(app.css),
        ];
      },
    },
  };
}
