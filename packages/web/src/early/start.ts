import type { FirstScreen } from "@zhishu/shared";
import { earlyKey, putEarly } from "../api/early-answers";
import type { Dnode } from "../entities/dnode/types";
import { forwardGroups } from "../features/outliner/groups";
import { afterNextPaint, setEarlyScreenDrawn } from "./drawn";
import { earlyScreenPlan, paintEarlyScreen } from "./screen";

/*
 * The node page's first screen, asked for while the app's code is still downloading (issue 18 point 5).
 * This small entry runs before the app: on /data/{id} with a session it asks for the node and the first
 * page of its lists in one call (GET /api/dnode/{id}/first_screen/); the app's own GETs of the node and
 * of those lists then take this answer (api/early-answers.ts) instead of asking one after the other once
 * the app has started, and the first screen is drawn from it at once (screen.ts). It must stay small and
 * import nothing heavy: the build inlines it, with all it imports, in every page (early-entry.ts).
 */

/** The outliner's page size (DEFAULT_RELATION_PAGE_SIZE; the shared package is too heavy to import here). */
export const EARLY_PAGE_SIZE = 40;
/** api/tokens.ts STORAGE_KEYS.access (that module is the app's; this one must stay apart). */
const ACCESS_KEY = "access_token";

/** The URL the API client builds for a GET (api/client.ts urlFor), parameters in the same order. */
export function apiUrl(path: string, query?: Record<string, string | number>): string {
  const qs = new URLSearchParams(
    Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/** The node page a path opens: its node id and, on /data/{id}/{relation}, that relation. */
export function nodePageOf(pathname: string): { id: number; relation: string | null } | null {
  const match = /^\/data\/(\d{1,10})(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  if (!(id > 0)) return null;
  try {
    return { id, relation: match[2] ? decodeURIComponent(match[2]) : null };
  } catch {
    return null;
  }
}

/**
 * Starts the first-screen request for `pathname` and files its parts under the GETs the app will make:
 * the node, and the lists of the groups the page shows (when the answer holds them all). Returns
 * whether it asked. Any failure (an expired token, a 403) leaves the app to ask as it always does.
 */
export function startEarlyLoad(pathname: string, storage: Storage = localStorage): boolean {
  const page = nodePageOf(pathname);
  const access = storage.getItem(ACCESS_KEY);
  if (!page || !access) return false;
  const query: Record<string, string | number> = { page_size: EARLY_PAGE_SIZE };
  if (page.relation) query.relation_names = page.relation;
  const screen: Promise<FirstScreen | null> = fetch(apiUrl(`/dnode/${page.id}/first_screen/`, query), {
    headers: { authorization: `Bearer ${access}` },
    credentials: "same-origin",
    // Before the app's code, which is many times its size, on a slow line.
    priority: "high",
  })
    .then((response) => (response.ok ? (response.json() as Promise<FirstScreen>) : null))
    .catch(() => null);
  putEarly(
    earlyKey(apiUrl(`/dnode/${page.id}`), access),
    screen.then((answer) => answer?.dnode ?? null),
  );
  // The groups the page will ask for follow from the node, so their key is known only with the answer;
  // it is filed before the app can read the node (this callback was attached first).
  const drawn = screen.then((answer) => {
    if (!answer) return;
    const groups = page.relation ? [page.relation] : forwardGroups(answer.dnode as Dnode);
    if (!groups.every((group) => answer.relation_names.includes(group))) return;
    const url = apiUrl(`/dnode/${page.id}/relations_with_data/`, {
      page_size: EARLY_PAGE_SIZE,
      relation_pages: "{}",
      relation_names: groups.join(","),
    });
    const { relations, related_nodes, pagination_info } = answer;
    putEarly(earlyKey(url, access), Promise.resolve({ relations, related_nodes, pagination_info }));
    // The rows are here long before the app has started: they are drawn now (screen.ts).
    const plan = earlyScreenPlan(answer, page.relation, storage);
    if (plan && paintEarlyScreen(plan)) return afterNextPaint();
  });
  setEarlyScreenDrawn(drawn);
  return true;
}
