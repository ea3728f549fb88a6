import { X_SIDE_PREFIX } from "@zhishu/shared/relations";
import type { Dnode } from "../../entities/dnode/types";

/** One group of related nodes in a section: its key in `relations`, its plain relation name, and ids. */
export interface RelatedGroup {
  key: string;
  relation: string;
  size: number;
  ids: number[];
}

export interface RelatedSection {
  kind: "reverse" | "inherited";
  total: number;
  groups: RelatedGroup[];
}

/** The inherited group's key in a node's relations (server: services/inheritance.ts). */
export const INHERITANCES = "inheritances";

/**
 * The reverse (`x__` groups: nodes that point at this one) and inherited sections of a node's children
 * panel, in that order, each only when it has nodes. Groups are sorted by name so the panel is stable.
 */
export function relatedSections(
  node: Pick<Dnode, "relations" | "parent_id" | "main_relation">,
): RelatedSection[] {
  const entries = Object.entries(node.relations ?? {}).filter(([, group]) => group.size > 0);
  // The link from the node's own parent is the tree itself (the breadcrumb shows it), not a reverse relation.
  const parentKey = node.main_relation ? `${X_SIDE_PREFIX}${node.main_relation}` : null;
  const reverse = entries
    .filter(([key]) => key.startsWith(X_SIDE_PREFIX))
    .map(([key, group]) => {
      const fromParent = key === parentKey && node.parent_id !== null && group.head.includes(node.parent_id);
      return {
        key,
        relation: key.slice(X_SIDE_PREFIX.length),
        size: fromParent ? group.size - 1 : group.size,
        ids: fromParent ? group.head.filter((id) => id !== node.parent_id) : group.head,
      };
    })
    .filter((group) => group.size > 0)
    .sort((a, b) => a.key.localeCompare(b.key));
  const inherited = entries
    .filter(([key]) => key === INHERITANCES)
    .map(([key, group]) => ({ key, relation: key, size: group.size, ids: group.head }));
  const sections: RelatedSection[] = [];
  const total = (groups: RelatedGroup[]) => groups.reduce((sum, g) => sum + g.size, 0);
  if (reverse.length > 0) sections.push({ kind: "reverse", total: total(reverse), groups: reverse });
  if (inherited.length > 0) sections.push({ kind: "inherited", total: total(inherited), groups: inherited });
  return sections;
}
