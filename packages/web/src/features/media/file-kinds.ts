const UNITS = ["B", "KB", "MB", "GB"] as const;

/** A byte count as people read it: B, KB, MB, GB in steps of 1024, one decimal above bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(size)) : size.toFixed(1).replace(/\.0$/, "");
  return `${text} ${UNITS[unit]}`;
}

/** How the preview shows a file. */
export type PreviewKind = "pdf" | "image" | "text" | "none";

const TEXT_EXTENSIONS = new Set(["txt", "md", "json", "xml", "csv", "log"]);
// Images every browser draws (tiff is not among them, so it falls to "download to open").
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "bmp", "webp"]);

/** The lower-case extension of a file name or path, without the dot ("" when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/**
 * The preview for a file (workspace-spec 2 "File preview"): PDF in a frame, images, text for text/* and
 * txt, md, json, xml, csv, log; otherwise none. The extension decides first, then the MIME type.
 */
export function previewKindOf(file: { extension?: string | null; mimeType?: string | null }): PreviewKind {
  const ext = (file.extension ?? "").replace(/^\./, "").toLowerCase();
  const mime = (file.mimeType ?? "").toLowerCase();
  if (ext === "pdf" || mime === "application/pdf") return "pdf";
  if (IMAGE_EXTENSIONS.has(ext)) return "image";
  if (TEXT_EXTENSIONS.has(ext)) return "text";
  if (mime.startsWith("image/") && mime !== "image/tiff") return "image";
  if (mime.startsWith("text/")) return "text";
  return "none";
}
