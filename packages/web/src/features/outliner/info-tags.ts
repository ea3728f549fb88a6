import { zh } from "../../i18n/zh-CN";
import type { RelationMeta } from "./store";

/** Info keys the app keeps for itself (names of the two sides, focus sets …): never shown as tags. */
export const INTERNAL_INFO_KEYS: ReadonlySet<string> = new Set([
  "xNameV",
  "yNameV",
  "y_name",
  "focusing_dnodes",
  "type",
]);

/** Longer values are cut in the tag (the whole value is its title). */
export const TAG_CHARS = 20;

export interface InfoTag {
  key: string;
  /** antd Tag colour; undefined is the default grey. */
  color: "blue" | "green" | undefined;
  text: string;
  /** The uncut text, for the tooltip and screen readers. */
  title: string;
}

/** A value as a tag shows it: a number 0–100 as a percentage (workspace-spec 2), booleans as 是/否. */
export function formatInfoValue(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? zh.outliner.yes : zh.outliner.no;
  if (typeof value === "number")
    return value >= 0 && value <= 100 ? `${Number(value.toFixed(2))}%` : String(value);
  return value;
}

const cut = (text: string) => {
  const chars = Array.from(text);
  return chars.length > TAG_CHARS ? `${chars.slice(0, TAG_CHARS).join("")}…` : text;
};

/**
 * The tags after a row's name (workspace-spec 2 "Relation info tags"): relevance blue, reason green,
 * other scalar entries and a dict key default; internal keys, empty values and objects are left out.
 */
export function infoTags(meta: RelationMeta | undefined): InfoTag[] {
  if (!meta) return [];
  const t = zh.outliner.infoLabels;
  const tags: InfoTag[] = [];
  if (meta.key) tags.push({ key: "$key", color: undefined, text: cut(meta.key), title: t.key(meta.key) });
  for (const [key, raw] of Object.entries(meta.info)) {
    if (INTERNAL_INFO_KEYS.has(key)) continue;
    if (typeof raw !== "string" && typeof raw !== "number" && typeof raw !== "boolean") continue;
    if (typeof raw === "number" && !Number.isFinite(raw)) continue;
    const value = formatInfoValue(raw);
    if (value.trim() === "") continue;
    const name = t.names[key] ?? key;
    const full = `${name}：${value}`;
    const color = key === "relevance" ? "blue" : key === "reason" ? "green" : undefined;
    // A reason is a sentence: the words alone say enough; the others need their name.
    tags.push({ key, color, text: cut(key === "reason" ? value : full), title: full });
  }
  // Relevance first, then the reason, then the rest as stored.
  const rank = (tag: InfoTag) => (tag.key === "relevance" ? 0 : tag.key === "reason" ? 1 : 2);
  return tags.sort((a, b) => rank(a) - rank(b));
}
