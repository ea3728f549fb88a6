import type { Dnode } from "../../entities/dnode/types";
import type { NodeRow } from "./flatten";

/**
 * Whether a row shows a reference (issue 12 point 11), so it is never taken for a duplicate: a REF node
 * pointing at another node, or a node linked in here (refer by drag, move and refer) whose own place
 * (parent_id and main_relation) is elsewhere.
 */
export type RowReference = { kind: "ref"; target: number } | { kind: "link"; home: number };

export function referenceOf(
  row: Pick<NodeRow, "id" | "parentId" | "relation">,
  node: Pick<Dnode, "type" | "content" | "parent_id" | "main_relation">,
): RowReference | null {
  if (node.type === "REF") {
    const target = Number(node.content.ref_id);
    return Number.isInteger(target) && target > 0 ? { kind: "ref", target } : null;
  }
  // Rows not saved yet, and the x side of a relation (the nodes holding this one), are never links in.
  if (row.id <= 0 || row.parentId <= 0 || row.relation.startsWith("x__")) return null;
  const home = node.parent_id;
  if (home == null || home <= 0) return null;
  if (home === row.parentId && node.main_relation === row.relation) return null;
  return { kind: "link", home };
}
