import { isNodeType, NODE_TYPE_LABELS, type NodeType } from "@zhishu/shared/types";

/**
 * Which node type a typed prefix names (issue 12 point 8): a type code in any case (`def:`), or one of
 * the Chinese type labels of workspace-spec 3 (`定义：`, `概念：`, `步骤：` …). A label of several words
 * (`概念/类`, `行/流程/目标/bug`) names its type by each word; the later words stay the row's label.
 */

export interface TypeByPrefix {
  type: NodeType;
  /** The word typed, when the type's label has several: it stays the row's label (`目标` of 行/流程/目标/bug). */
  label: string | null;
}

// USER is made only by registration: its label (用户根节点) never names a type.
const BY_LABEL = new Map<string, TypeByPrefix>();
for (const [type, label] of Object.entries(NODE_TYPE_LABELS) as [NodeType, string][]) {
  if (type === "USER") continue;
  const words = label.split("/");
  // The first word reads as the type itself (as `CONCEPT:` does); the others stay shown as typed.
  words.forEach((word, i) => {
    BY_LABEL.set(word.toUpperCase(), { type, label: i > 0 ? word : null });
  });
}

/** The type a prefix names, or null when it names none (it is then a custom label). */
export function typeByPrefix(prefix: string): TypeByPrefix | null {
  const upper = prefix.toUpperCase();
  if (isNodeType(upper) && upper !== "USER") return { type: upper, label: null };
  return BY_LABEL.get(upper) ?? null;
}
