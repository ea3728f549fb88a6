import { type FieldKind, KNOWN_FIELD_KINDS, MESSAGES, parseShanghaiTime } from "@zhishu/shared";
import { badRequest } from "../../errors";

/** Content keys the server owns; a field edit may not set them. */
const PROTECTED_KEYS = new Set(["to_updates"]);

const THUMBNAIL_RANGE = [30, 800] as const;

function toNumber(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) throw badRequest(MESSAGES.invalidNumber);
  return n;
}

function toId(value: unknown): number {
  const n = toNumber(value);
  if (!Number.isInteger(n) || n < 1) throw badRequest(MESSAGES.idInvalid);
  return n;
}

/**
 * The stored value of one content field (workspace-spec 5): numbers must be numbers, datetimes become
 * epoch milliseconds read in Asia/Shanghai, JSON must parse; null (or an empty string) clears the field.
 */
export function fieldValue(
  key: string,
  value: unknown,
  explicitKind?: FieldKind,
  options?: Array<string | number>,
): unknown {
  if (PROTECTED_KEYS.has(key)) throw badRequest(MESSAGES.fieldProtected.replace("{field}", key));
  if (value === null || value === undefined || value === "") return null;
  const kind = explicitKind ?? KNOWN_FIELD_KINDS[key] ?? "text";
  switch (kind) {
    case "number": {
      const n = toNumber(value);
      return key === "thumbnail_height" ? Math.min(THUMBNAIL_RANGE[1], Math.max(THUMBNAIL_RANGE[0], n)) : n;
    }
    case "datetime": {
      const ms =
        typeof value === "number" ? value : typeof value === "string" ? parseShanghaiTime(value) : Number.NaN;
      if (!Number.isFinite(ms)) throw badRequest(MESSAGES.invalidDate);
      return ms;
    }
    case "json":
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value);
      } catch {
        throw badRequest(MESSAGES.invalidJson);
      }
    case "boolean":
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "false") return value === "true";
      throw badRequest(MESSAGES.chooseYesOrNo);
    case "select":
      if (options && !options.includes(value as string | number))
        throw badRequest(MESSAGES.chooseFromOptions);
      return value;
    case "DnodeLink":
      return toId(value);
    case "DnodeList":
      if (!Array.isArray(value)) throw badRequest(MESSAGES.badRequest);
      return value.map(toId);
    default:
      if (typeof value !== "string") throw badRequest(MESSAGES.badRequest);
      return value;
  }
}
