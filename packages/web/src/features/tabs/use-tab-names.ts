import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError, api } from "../../api/client";
import { markBroken, renameTab } from "./tab-model";
import { useTabs } from "./tab-store";

/**
 * What names a tab, by its URL: a node's name (GET /dnode/{id}; a dialogue's page is its node, whose name
 * the server gives per reader) or a user's (GET /user/{id}).
 */
export function entityOf(url: string): { path: string; nameOf: (answer: unknown) => string } | null {
  const node = /^\/(?:data|dialogue)\/(\d+)$/.exec(url);
  if (node) return { path: `/dnode/${node[1]}`, nameOf: (a) => (a as { name?: string }).name ?? "" };
  const user = /^\/user\/(\d+)$/.exec(url);
  if (user) return { path: `/user/${user[1]}`, nameOf: (a) => (a as { username?: string }).username ?? "" };
  return null;
}

const isErrorPage = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * Node and profile tabs carry their node's or user's name. Unnamed ones ask once (the same GET the page
 * makes; identical GETs in flight are merged); the node page's own answers, kept by TanStack Query, keep
 * the names current after a rename. A 403 or 404 marks the tab broken, so it is not saved.
 */
export function useTabNames() {
  const tabs = useTabs((s) => s.tabs);
  const apply = useTabs((s) => s.apply);
  const asked = useRef(new Set<string>());
  const queryClient = useQueryClient();

  useEffect(() => {
    const all = [...Object.values(tabs.mainTabs), ...Object.values(tabs.siderTabs)];
    for (const tab of all) {
      const entity = entityOf(tab.url);
      if (!entity || tab.name || tab.broken || asked.current.has(tab.url)) continue;
      asked.current.add(tab.url);
      api
        .get<unknown>(entity.path)
        .then((answer) => {
          const name = entity.nameOf(answer);
          if (name) apply((s) => renameTab(s, tab.url, name));
        })
        .catch((error) => {
          if (isErrorPage(error)) apply((s) => markBroken(s, tab.url));
        });
    }
  }, [tabs, apply]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const [kind, id] = event.query.queryKey as [unknown, unknown];
        if (kind !== "dnode" || typeof id !== "number") return;
        const url = `/data/${id}`;
        const { data, error } = event.query.state;
        const name = (data as { name?: string } | undefined)?.name;
        if (name) apply((s) => renameTab(s, url, name));
        else if (isErrorPage(error)) apply((s) => markBroken(s, url));
      }),
    [queryClient, apply],
  );
}
