import { type FirstScreen, type firstScreenQuery, X_SIDE_PREFIX } from "@zhishu/shared";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { getNode } from "../nodes/read";
import { relationsWithData } from "./relation-pages";

/** The child relation every node page shows, even empty (web: features/outliner/groups.ts). */
const CHILD_GROUP = "CHILD_NODE";

/**
 * GET /api/dnode/{id}/first_screen/ (issue 18 point 5): the node and the first page of the groups its
 * page shows, in one answer, so opening a node page is one request instead of the node and then its
 * lists. The groups, unless asked for, are the node's own (y-side) groups that have members, and
 * CHILD_NODE always; the client orders and filters them itself (it may show fewer).
 */
export async function nodeFirstScreen(
  db: Db,
  userId: number | null,
  id: number,
  query: z.infer<typeof firstScreenQuery>,
): Promise<FirstScreen> {
  // Reading the node is also the read check: a node the caller may not read ends here with its 403/404.
  const dnode = await getNode(db, userId, id);
  const groups = query.relation_names?.length ? query.relation_names : ownGroups(dnode.relations ?? {});
  const { pages, relatedNodes } = await relationsWithData(db, userId, [id], {
    page_size: query.page_size,
    relation_pages: {},
    order_by: "yorder",
    relation_names: groups,
  });
  const page = pages.get(id) ?? { relations: [], pagination_info: {} };
  return {
    dnode,
    relation_names: groups,
    relations: page.relations,
    related_nodes: relatedNodes,
    pagination_info: page.pagination_info,
  };
}

function ownGroups(relations: Record<string, { size: number }>): string[] {
  const keys = Object.entries(relations)
    .filter(([key, group]) => !key.startsWith(X_SIDE_PREFIX) && key !== "inheritances" && group.size > 0)
    .map(([key]) => key);
  return keys.includes(CHILD_GROUP) ? keys : [...keys, CHILD_GROUP];
}
