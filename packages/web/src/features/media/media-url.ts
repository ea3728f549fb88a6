/** Thumbnail height of an image node's content view (workspace-spec 5, 9). */
export const THUMBNAIL = { min: 30, max: 800, fallback: 100, step: 10 } as const;

/** The URL of a stored media path: http(s) addresses as they are, anything else under /api/media/. */
export function mediaUrl(path: string): string {
  const trimmed = path.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  // Upload answers carry both `image_path` and a ready `url`; accept either without doubling the prefix.
  const relative = trimmed.replace(/^\/+/, "").replace(/^api\/media\//, "");
  return `/api/media/${relative}`;
}

/** A thumbnail height kept within 30–800 px; anything that is not a number gives the default 100. */
export function clampThumbnailHeight(value: unknown): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return THUMBNAIL.fallback;
  return Math.round(Math.min(THUMBNAIL.max, Math.max(THUMBNAIL.min, n)));
}

/** The media path of an IMAGE or FILE node: its path key, else `text` when that holds a bare path. */
export function mediaPathOf(
  content: Record<string, unknown>,
  key: "image_path" | "file_path",
): string | null {
  const path = content[key];
  if (typeof path === "string" && path.trim() !== "") return path.trim();
  const text = content.text;
  // `text` is rich text on most nodes; only a plain path or address counts here.
  if (typeof text === "string" && text.trim() !== "" && !/[<>\s]/.test(text.trim())) return text.trim();
  return null;
}
