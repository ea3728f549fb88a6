import { startEarlyLoad } from "./early/start";

// A separate entry, before main.tsx (index.html): see early/start.ts. The page's code is fetched in
// parallel too, so the route does not wait for the app to start before asking for it.
if (startEarlyLoad(location.pathname)) void import("./features/outliner/NodePage");
