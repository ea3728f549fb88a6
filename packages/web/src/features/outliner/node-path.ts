import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";

/** GET /api/data/{id}/path: the node's ancestors along main parents, root first, without the node. */
export const fetchNodePath = (id: number) => api.get<Dnode[]>(`/data/${id}/path`);

/**
 * The ancestors of a node, for the breadcrumb and the bullet popover. Never blocks what shows it: the
 * caller renders nothing until the path arrives, and a failure only reaches the console (a breadcrumb
 * is a convenience; a toast for it would be noise). Cached briefly so hovering a bullet again is free.
 */
export function useNodePath(id: number, enabled = true): Dnode[] | undefined {
  const query = useQuery({
    queryKey: ["dnode-path", id],
    queryFn: () => fetchNodePath(id),
    enabled: enabled && id > 0,
    retry: false,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (query.error) console.error(`加载节点 ${id} 的路径失败`, query.error);
  }, [id, query.error]);
  return query.data;
}
