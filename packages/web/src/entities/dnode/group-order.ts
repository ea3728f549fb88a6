import type { Relation } from "./types";

/**
 * The ids of one group in a page of relations, in display order (the server's row order is not
 * promised). Apart from api.ts so the early first-screen script (early/screen.ts) can order rows
 * without loading the API client.
 */
export function idsOfGroup(
  relations: Pick<Relation, "xnode" | "ynode" | "relation_name" | "yorder" | "id">[],
  parentId: number,
  group: string,
): number[] {
  return relations
    .filter((r) => r.xnode === parentId && r.relation_name === group)
    .sort((a, b) => a.yorder - b.yorder || a.id - b.id)
    .map((r) => r.ynode);
}
