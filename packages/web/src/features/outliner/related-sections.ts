import { X_SIDE_PREFIX } from "@zhishu/shared";
import type { Dnode } from "./types";

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
export function relatedSections(node: Pick<Dnode, "relations">): RelatedSection[] {
  const entries = Object.entries(node.relations ?? {}).filter(([, group]) => group.size > 0);
  const reverse = entries
    .filter(([key]) => key.startsWith(X_SIDE_PREFIX))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => ({
      key,
      relation: key.slice(X_SIDE_PREFIX.length),
      size: group.size,
      ids: group.head,
    }));
  const inherited = entries
    .filter(([key]) => key === INHERITANCES)
    .map(([key, group]) => ({ key, relation: key, size: group.size, ids: group.head }));
  const sections: RelatedSection[] = [];
  const total = (groups: RelatedGroup[]) => groups.reduce((sum, g) => sum + g.size, 0);
  if (reverse.length > 0) sections.push({ kind: "reverse", total: total(reverse), groups: reverse });
  if (inherited.length > 0) sections.push({ kind: "inherited", total: total(inherited), groups: inherited });
  return sections;
}
