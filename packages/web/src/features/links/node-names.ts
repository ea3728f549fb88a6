import { cacheNodes } from "../../entities/dnode/cache";
import { nodeApi } from "../../entities/dnode/node-api";

// Links asked for in one render pass are named by one request (GET /dnode/by_ids takes ≤ 500 ids).
const BATCH_DELAY_MS = 10;
const MAX_IDS = 500;

let waiting = new Set<number>();
let timer: ReturnType<typeof setTimeout> | null = null;
// Ids asked for once are not asked again, even when unreadable (by_ids leaves those out).
const asked = new Set<number>();

async function flush(): Promise<void> {
  const ids = [...waiting].slice(0, MAX_IDS);
  waiting = new Set([...waiting].slice(MAX_IDS));
  timer = waiting.size > 0 ? setTimeout(() => void flush(), BATCH_DELAY_MS) : null;
  try {
    cacheNodes(await nodeApi.byIds(ids));
  } catch (error) {
    // A link without its name still works (it shows the id); let a later render ask again.
    for (const id of ids) asked.delete(id);
    console.error(error);
  }
}

/**
 * Asks the server for a node a link shows but the page has not loaded, so the link can carry its name
 * (workspace-spec 2: "other nodes show the name as a link"). Requests from one render are batched.
 */
export function requestNodeName(id: number): void {
  if (asked.has(id)) return;
  asked.add(id);
  waiting.add(id);
  timer ??= setTimeout(() => void flush(), BATCH_DELAY_MS);
}

/** Forgets what was asked (tests, sign-out). */
export function resetNodeNames(): void {
  asked.clear();
  waiting.clear();
  if (timer) clearTimeout(timer);
  timer = null;
}
