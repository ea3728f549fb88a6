import { zh } from "../../i18n/zh-CN";

const t = zh.outlineKeys;

/** Types whose name is not plain text that another row's text could join: a formula, an image, a file. */
const NOT_TEXT = new Set(["EX", "IMAGE", "FILE"]);

/** One side of a merge as the plan needs it. */
export interface MergeSide {
  type: string;
  /** It shows a type label (DEF, a custom prefix …): joining it would lose the label. */
  labelled: boolean;
}

/**
 * Why two rows cannot merge (issue 19 items 1 and 2), or null when they can. `key` says which row the
 * caret is in: Backspace merges this row into the one above, Delete the one below into this row, and the
 * message names the row that refuses as the person sees it (上一行 / 这一行 / 下一行).
 */
export function mergeRefusal(upper: MergeSide, lower: MergeSide, key: "Backspace" | "Delete"): string | null {
  const [upperName, lowerName] = key === "Backspace" ? [t.above, t.thisRow] : [t.thisRow, t.below];
  if (NOT_TEXT.has(upper.type)) return t.mergeRefused(upperName, t.kinds[upper.type]!);
  if (NOT_TEXT.has(lower.type)) return t.mergeRefused(lowerName, t.kinds[lower.type]!);
  if (lower.labelled) return t.mergeRefused(lowerName, t.kinds.labelled!);
  return null;
}

/** Splits ids into runs the move call takes at once (1–500). */
export function chunksOf<T>(items: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
