/** Card text preview length (workspace-spec 9). */
export const CARD_PREVIEW_CHARS = 50;

/**
 * The text a card shows: the node's text with any rich-text markup and entities reduced to plain
 * words, whitespace collapsed, cut at 50 characters (by code point, so a Chinese character or an emoji
 * is never split) with an ellipsis when cut.
 */
export function cardPreview(content: Record<string, unknown> | undefined): string {
  const raw = typeof content?.text === "string" ? content.text : "";
  const text = raw
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(text);
  return chars.length > CARD_PREVIEW_CHARS ? `${chars.slice(0, CARD_PREVIEW_CHARS).join("")}…` : text;
}
