import type { QueryClient } from "@tanstack/react-query";
import type { MyProcessesResponse } from "@zhishu/shared";
import { accessToken, api } from "../api/client";
import { CLIENT_ID } from "../api/client-id";
import { expiryOf } from "../api/tokens";
import { useNodes } from "../entities/dnode/store";
import type { Dnode } from "../entities/dnode/types";
import { sharedController } from "../features/outliner/context";
import { applyLiveMessage, nodesChanged } from "./apply";
import { ListSync } from "./list-sync";
import { LiveConnection, type SocketLike } from "./live-connection";
import { onShownChange, shownIds } from "./shown";
import { shownNodeIds, Watcher } from "./watch";

/** Store and query changes are turned into one subscription update at most this often. */
export const WATCH_THROTTLE_MS = 200;
/** After a gap, at most this many loaded lists are read again (the rest catch up as they are shown). */
const RESYNC_LISTS = 50;

/** The socket's address on this page's own host (the CSP allows `connect-src 'self' ws: wss:`). */
function socketUrl(path: string, token: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams({ token, client_id: CLIENT_ID });
  return `${scheme}//${location.host}${path}?${query}`;
}

/** The node ids of the node pages open now (their `["dnode", id]` queries have observers). */
function openPages(queryClient: QueryClient): number[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ["dnode"], type: "active" })
    .map((query) => Number(query.queryKey[1]));
}

/**
 * Starts this tab's live updates (one connection per tab): the connection's mode machine, the watched
 * set following what the outline store and the open pages show, messages landing in the node cache.
 * Returns the function that stops all of it (sign-out, unmount).
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  const outline = sharedController();
  // What live updates need of the outliner: its queue and received nodes, and a waiting keyboard reorder.
  const controller = {
    structural: outline.core.structural,
    receive: (nodes: Dnode[]) => outline.core.receive(nodes),
    hasWaitingReorder: (key: string) => outline.moves.hasWaitingReorder(key),
  };
  const lists = new ListSync(controller);
  const ctx = { controller, lists, queryClient };
  let watcher: Watcher | null = null;

  const connection = new LiveConnection({
    poll: (updatedAfter) =>
      api.get<MyProcessesResponse>("/process/my_processes/", { updated_after: updatedAfter }),
    async connect(path) {
      const token = await accessToken();
      return token ? (new WebSocket(socketUrl(path, token)) as unknown as SocketLike) : null;
    },
    token: accessToken,
    expiryOf,
    onMessage: (message) => applyLiveMessage(message, ctx),
    onProcesses: (results) => nodesChanged(results, ctx),
    onConnected(resync) {
      watcher?.reset();
      watcher?.sync();
      if (resync) resyncViews();
    },
    watching: () => (watcher?.current().size ?? 0) > 0,
    log: (message, error) => console.warn(message, error ?? ""),
  });
  watcher = new Watcher(
    () => shownNodeIds([...openPages(queryClient), ...shownIds()], useNodes.getState().lists),
    (message) => connection.send(message),
  );

  /** Events may have been missed while no socket was open: what is shown is read again. */
  function resyncViews() {
    const pages = new Set(openPages(queryClient));
    // The node pages refetch their node and, with it, their own lists (NodePage reloads on new data).
    void queryClient.invalidateQueries({ queryKey: ["dnode"] });
    const keys = Object.keys(useNodes.getState().lists).slice(0, RESYNC_LISTS);
    for (const key of keys) {
      const at = key.indexOf(":");
      const parent = Number(key.slice(0, at));
      if (!pages.has(parent)) lists.touch(parent, key.slice(at + 1));
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      watcher?.sync();
      connection.nudge();
    }, WATCH_THROTTLE_MS);
  };
  const offStore = useNodes.subscribe((state, before) => {
    if (state.lists !== before.lists) schedule();
  });
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === "dnode" && event.type.startsWith("observer")) schedule();
  });
  const offShown = onShownChange(schedule);
  const onActivity = () => connection.activity();
  const onVisible = () => {
    if (document.visibilityState === "visible") onActivity();
  };
  window.addEventListener("keydown", onActivity, { capture: true, passive: true });
  window.addEventListener("pointerdown", onActivity, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onVisible);

  connection.start();
  schedule();
  return () => {
    if (timer) clearTimeout(timer);
    offStore();
    offQueries();
    offShown();
    window.removeEventListener("keydown", onActivity, { capture: true });
    window.removeEventListener("pointerdown", onActivity, { capture: true });
    document.removeEventListener("visibilitychange", onVisible);
    lists.stop();
    connection.stop();
  };
}
