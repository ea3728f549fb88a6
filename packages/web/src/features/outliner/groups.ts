import type { Dnode } from "../../entities/dnode/types";

/**
 * Which relation groups a node page shows and in what order (workspace-spec 4 "Tree display",
 * 9 "Group display order"). Pure, so the page and its tests agree.
 */

/**
 * The relation a node's own children hang by: CHILD_NODE, under a user root too. Trees planted at home
 * hang by CHILD_NODE under the root (我的根节点) and home shows them by a second, USER_ROOT link; the root's
 * page lists the trees once, home cards or not (a new one made there is not put on home).
 */
export function childRelationOf(_type: string): string {
  return "CHILD_NODE";
}

/** Home's cards: the same trees again, shown on home, not as rows of the root's page. */
const HOME_CARDS = "USER_ROOT";

const DEFAULT_ORDER = ["REFERENCE", "NOTE", "RELATED_CONCEPT", "CHILD_NODE"];
const PROCESS_ORDER = [...DEFAULT_ORDER, "SUBPROCESS"];
const CONCEPT_ORDER = [
  "PROPERTY_DOMAIN",
  "DEF",
  "URL",
  "IMAGE",
  "FILE",
  "REFERENCE",
  "RULE",
  "NOTE",
  "PROPERTY",
  "RELATED_CONCEPT",
  "METHOD",
  "SUBCONCEPT",
  "CHILD_NODE",
];
const INSTANCE_ORDER = [
  "INHERITANCES",
  "REFERENCE",
  "RULE",
  "NOTE",
  "PROPERTY",
  "RELATED_CONCEPT",
  "METHOD",
  "CHILD_NODE",
];

function orderFor(type: string): string[] {
  if (type === "USER") return ["CHILD_NODE", "FAVOR"];
  if (type === "CONCEPT" || type === "CLASS") return CONCEPT_ORDER;
  if (type === "INSTANCE") return INSTANCE_ORDER;
  if (type === "PROCESS") return PROCESS_ORDER;
  return DEFAULT_ORDER;
}

/**
 * The forward (owner-side) groups of a node in the spec's order, unknown ones after them by name.
 * Reverse groups (`x__…`) and inherited ones belong to other panels. The node's own child relation is
 * always there, even empty, so a first child can be typed.
 */
export function forwardGroups(node: Pick<Dnode, "type" | "relations">): string[] {
  const keys = new Set(
    Object.entries(node.relations ?? {})
      .filter(([key, group]) => !key.startsWith("x__") && key !== "inheritances" && group.size > 0)
      .filter(([key]) => !(node.type === "USER" && key === HOME_CARDS))
      .map(([key]) => key),
  );
  keys.add(childRelationOf(node.type));
  const order = orderFor(node.type);
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length : i;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Groups get headers when there are 3 or more kinds and over 30 related nodes (workspace-spec 9). */
export const GROUPED_MIN_KINDS = 3;
export const GROUPED_MIN_NODES = 30;

/** True when the groups are shown under collapsible headers rather than as one flat list. */
export function isGrouped(sizes: number[]): boolean {
  const total = sizes.reduce((a, b) => a + b, 0);
  return sizes.length >= GROUPED_MIN_KINDS && total > GROUPED_MIN_NODES;
}
