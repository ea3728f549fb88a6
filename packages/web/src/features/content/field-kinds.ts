import { type FieldKind, KNOWN_FIELD_KINDS, MESSAGES, parseShanghaiTime } from "@zhishu/shared";
import type { Dnode } from "../../entities/dnode/types";

/** What a page may know about a field beyond its key (e.g. a custom field's definition). */
export interface FieldSpec {
  label?: string;
  kind?: FieldKind;
  options?: Array<string | number>;
  unit?: string;
}

// Shown by other parts of the node page (rich text, description, sync bar, name prefix), never as fields.
const SHOWN_ELSEWHERE = ["text", "description", "to_updates", "custom_prefix", "custom_class_id"];
// The image and file views show these for their own node types.
const SHOWN_BY_TYPE_VIEW: Record<string, string[]> = {
  IMAGE: ["image_path", "thumbnail_height", "original_name"],
  FILE: ["file_path", "original_name", "file_type", "file_size", "mime_type"],
};

/** The content keys the field group shows for a node, in the content's own order; `alsoHidden` are left out too. */
export function fieldKeys(
  node: Pick<Dnode, "type" | "content">,
  alsoHidden: readonly string[] = [],
): string[] {
  const hidden = new Set([...SHOWN_ELSEWHERE, ...(SHOWN_BY_TYPE_VIEW[node.type] ?? []), ...alsoHidden]);
  return Object.keys(node.content ?? {}).filter((key) => !hidden.has(key));
}

/** The editor kind of a field: the page's spec, else the server's known kind, else told by the value. */
export function kindOf(key: string, value: unknown, spec?: FieldSpec): FieldKind {
  if (spec?.kind) return spec.kind;
  const known = KNOWN_FIELD_KINDS[key];
  if (known) return known;
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return "number";
  if (typeof value === "object" && value !== null) return "json";
  return "text";
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Epoch milliseconds as YYYY-MM-DD HH:mm:ss in Asia/Shanghai (UTC+8, no daylight saving), whatever the browser's zone. */
export function formatShanghai(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** A stored datetime as epoch ms: null when empty, NaN when it cannot be read as a time. */
export function datetimeMillis(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === "string") return parseShanghaiTime(value);
  return Number.NaN;
}

/** The text an input shows for a stored value of the given kind. */
export function editText(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "json":
      return typeof value === "string" ? value : JSON.stringify(value, null, 2);
    case "DnodeList":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "datetime": {
      const ms = datetimeMillis(value);
      return ms === null || Number.isNaN(ms) ? String(value) : formatShanghai(ms);
    }
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** The outcome of reading what a person typed: the value to send, or the message to show instead. */
export type ParsedInput = { ok: true; value: unknown } | { ok: false; error: string };

const isId = (text: string) => /^[1-9]\d*$/.test(text);

/**
 * Reads typed text as a value of the kind (workspace-spec 5): numbers must be numeric, JSON must parse,
 * dates are read in Asia/Shanghai, node ids are positive integers. Empty text clears the field (null).
 */
export function parseFieldInput(kind: FieldKind, raw: string): ParsedInput {
  const text = raw.trim();
  if (kind === "text" || kind === "image" || kind === "select") return { ok: true, value: raw };
  if (text === "") return { ok: true, value: null };
  switch (kind) {
    case "number": {
      const n = Number(text);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: MESSAGES.invalidNumber };
    }
    case "json":
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return { ok: false, error: MESSAGES.invalidJson };
      }
    case "datetime": {
      const ms = parseShanghaiTime(text);
      return Number.isNaN(ms) ? { ok: false, error: MESSAGES.invalidDate } : { ok: true, value: ms };
    }
    case "boolean":
      return text === "true" || text === "false"
        ? { ok: true, value: text === "true" }
        : { ok: false, error: MESSAGES.badRequest };
    case "DnodeLink":
      return isId(text) ? { ok: true, value: Number(text) } : { ok: false, error: MESSAGES.idInvalid };
    case "DnodeList": {
      const parts = text.split(/[\s,，、]+/).filter(Boolean);
      return parts.every(isId)
        ? { ok: true, value: parts.map(Number) }
        : { ok: false, error: MESSAGES.idInvalid };
    }
  }
}

/** True when a new value would store the same as the current one (nothing to save, spec 5). */
export function sameValue(next: unknown, current: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === "";
  if (empty(next) && empty(current)) return true;
  return JSON.stringify(next) === JSON.stringify(current);
}

/** The ids a DnodeLink or DnodeList value points at (what the links show). */
export function linkedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}
