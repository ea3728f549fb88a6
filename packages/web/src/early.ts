import { whenEarlyScreenDrawn } from "./early/drawn";
import { startEarlyLoad } from "./early/start";

/**
 * Filled in by the build (early-entry.ts); undefined in dev. The app's modules (main.tsx imports them once
 * the early first screen is drawn) and the node page's modules and style sheets.
 */
declare const __APP_FILES__: string[] | undefined;
declare const __NODE_PAGE_FILES__: string[] | undefined;

/** Asks for files to be downloaded and compiled, not run (modules), or applied (style sheets). */
function preload(files: string[] | undefined): void {
  for (const file of files ?? []) {
    const link = document.createElement("link");
    link.rel = file.endsWith(".css") ? "stylesheet" : "modulepreload";
    link.crossOrigin = "";
    link.href = `/${file}`;
    document.head.append(link);
  }
}

// Inlined first in the page's head by the build (early-entry.ts): see early/start.ts. Elsewhere the app's
// code is asked for at once. On a node page it is asked for once the first screen is drawn: its thirty
// files would take the browser's six connections ahead of the first-screen request, and compiling them
// holds the main thread, which the drawing needs first.
const appFiles = typeof __APP_FILES__ === "undefined" ? undefined : __APP_FILES__;
const nodePageFiles = typeof __NODE_PAGE_FILES__ === "undefined" ? undefined : __NODE_PAGE_FILES__;
if (!startEarlyLoad(location.pathname)) preload(appFiles);
else
  void whenEarlyScreenDrawn().then(() => {
    preload(appFiles);
    preload(nodePageFiles);
  });
