import "./app/global.css";
import { whenEarlyScreenDrawn } from "./early/drawn";

// The app's first run holds the main thread for most of a second on a small machine: it starts once the
// node page's early first screen (early/screen.ts) is on screen, not before. Its code downloads meanwhile
// (early-entry.ts preloads it from index.html).
void whenEarlyScreenDrawn()
  .then(() => import("./app/start"))
  .then(({ startApp }) => startApp());
