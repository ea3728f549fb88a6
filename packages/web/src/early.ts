import { startEarlyLoad } from "./early/start";

/** The node page's modules and style sheets, filled in by the build (early-entry.ts); none in dev. */
declare const __NODE_PAGE_FILES__: string[] | undefined;

// Inlined first in the page's head by the build (early-entry.ts): see early/start.ts. On a node page the
// page's code is preloaded too: downloaded and compiled now, run only when the app opens the page, so it
// does not hold the early first screen back.
if (startEarlyLoad(location.pathname) && typeof __NODE_PAGE_FILES__ !== "undefined")
  for (const file of __NODE_PAGE_FILES__) {
    const link = document.createElement("link");
    link.rel = file.endsWith(".css") ? "stylesheet" : "modulepreload";
    link.crossOrigin = "";
    link.href = `/${file}`;
    document.head.append(link);
  }
