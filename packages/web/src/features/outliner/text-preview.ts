/** A row's text preview stops after this many lines and characters (CSS clamps the lines again). */
export const PREVIEW_LINES = 3;
export const PREVIEW_CHARS = 240;

const ENTITIES: Record<string, string> = { nbsp: " ", lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

// Tags that end a line of text: their end (or a <br>) becomes a line break in the preview.
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr)\s*>|<br\s*\/?>/gi;

/**
 * The plain text of a node's text (server HTML, as cards strip it: features/cards/card-preview.ts) for
 * the content view: tags dropped, entities decoded, paragraphs as lines, at most PREVIEW_LINES lines
 * and PREVIEW_CHARS characters (by code point, so no character is split), with an ellipsis when cut.
 * Never markup: the preview is text, so nothing in the HTML can run.
 */
export function textPreview(content: Record<string, unknown> | undefined): string {
  const raw = typeof content?.text === "string" ? content.text : "";
  if (!raw) return "";
  const text = raw
    .replace(BLOCK_END, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => decode(name) ?? whole);
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
  let preview = lines.slice(0, PREVIEW_LINES).join("\n");
  let cut = lines.length > PREVIEW_LINES;
  const chars = Array.from(preview);
  if (chars.length > PREVIEW_CHARS) {
    preview = chars.slice(0, PREVIEW_CHARS).join("");
    cut = true;
  }
  return cut ? `${preview}…` : preview;
}

function decode(name: string): string | undefined {
  if (name[0] !== "#") return ENTITIES[name.toLowerCase()];
  const code =
    name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
