import { whenEarlyScreenDrawn } from "./early/drawn";
import { startEarlyLoad } from "./early/start";

// A separate entry, before main.tsx (index.html): see early/start.ts. The node page's code is asked for
// once the first screen is drawn: importing it runs it, which must not hold the drawing back.
if (startEarlyLoad(location.pathname))
  void whenEarlyScreenDrawn().then(() => import("./features/outliner/NodePage"));
