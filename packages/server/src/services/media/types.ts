/** Image kinds the editor and uploader take (workspace-spec 2), told by their first bytes, not their name. */
export const IMAGE_KINDS = ["jpeg", "png", "gif", "bmp", "webp", "tiff"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((b, i) => head[offset + i] === b);

/** The image kind of a file from its first 12 bytes, or null when it is not one we take. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(head, [0x42, 0x4d])) return "bmp";
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return "webp";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  return null;
}

export const IMAGE_EXTENSIONS: Record<ImageKind, string> = {
  jpeg: "jpg",
  png: "png",
  gif: "gif",
  bmp: "bmp",
  webp: "webp",
  tiff: "tiff",
};

/** How a stored file is served: inline with a safe type, or as a download. Never as HTML. */
export function servingType(extension: string): { contentType: string; inline: boolean } {
  const ext = extension.toLowerCase();
  const images: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    bmp: "image/bmp",
    webp: "image/webp",
    tiff: "image/tiff",
    tif: "image/tiff",
  };
  if (images[ext]) return { contentType: images[ext], inline: true };
  if (ext === "pdf") return { contentType: "application/pdf", inline: true };
  // Previewable text (workspace-spec 2 "File preview") is served as plain text, whatever it claims to be.
  if (["txt", "md", "json", "xml", "csv", "log"].includes(ext))
    return { contentType: "text/plain; charset=utf-8", inline: true };
  return { contentType: "application/octet-stream", inline: false };
}
