import { z } from "zod";
import { MESSAGES } from "../messages";

/** Paging for lists of the caller's own nodes. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});

// A day (YYYY-MM-DD), a time in Asia/Shanghai (YYYY-MM-DD HH:mm[:ss]) or an ISO time with an offset.
export const dateText = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(parseShanghaiTime(s)), MESSAGES.invalidDate);

/** GET /api/dnode/my_dnodes_by_date_range */
export const dateRangeQuery = z.object({ start_date: dateText, end_date: dateText });

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch milliseconds for a time written as people in China read it: `YYYY-MM-DD[ HH:mm[:ss]]` in
 * Asia/Shanghai (UTC+8, no daylight saving), or any ISO time that carries its own offset. NaN if neither.
 */
export function parseShanghaiTime(text: string): number {
  const m = LOCAL_TIME.exec(text.trim());
  if (m) {
    // The regex always captures the date; only the time parts are optional.
    const [, y = "", mo = "", d = "", h = "0", mi = "0", s = "0"] = m;
    const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
    const check = new Date(utc);
    // Date.UTC rolls 2026-02-30 over to March; such a date is not a date.
    if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59)
      return Number.NaN;
    return utc - SHANGHAI_OFFSET_MS;
  }
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text)) return Date.parse(text);
  return Number.NaN;
}

/** POST /api/dnode/{id}/update_content_field */
export const FIELD_KINDS = [
  "text",
  "number",
  "datetime",
  "json",
  "boolean",
  "select",
  "image",
  "DnodeLink",
  "DnodeList",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The kind of the content keys the spec names, so a client need not say it with each field edit. */
export const KNOWN_FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  start_time: "datetime",
  end_time: "datetime",
  pause_time: "datetime",
  ran_at: "datetime",
  created_time: "datetime",
  last_message_time: "datetime",
  self_time: "number",
  total_time: "number",
  priority: "number",
  thumbnail_height: "number",
  file_size: "number",
  step: "number",
  step_cnt: "number",
  is_static: "boolean",
  is_single: "boolean",
  is_main_property: "boolean",
  auto_create_inverse: "boolean",
  values: "json",
  variables: "json",
  service_params: "json",
  fee_rules: "json",
  checked_answer: "DnodeLink",
  dd_ids: "DnodeList",
  question_ids: "DnodeList",
};
export const updateContentFieldBody = z.object({
  content_type: z.string().min(1).max(100),
  content_value: z.unknown(),
  /** How to read the value; without it the kind known for the key is used, else plain text. */
  field_kind: z.enum(FIELD_KINDS).optional(),
  /** The allowed values of a select field. */
  options: z
    .array(z.union([z.string(), z.number()]))
    .max(500)
    .optional(),
});
export type UpdateContentFieldInput = z.input<typeof updateContentFieldBody>;

/** call_action get_processes_in_timerange params: what was made while a process ran. */
export const timeRangeParams = z.object({
  start_time: dateText,
  end_time: dateText,
  exclude_descendants: z.boolean().default(true),
});
