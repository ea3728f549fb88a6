import sanitizeHtml from "sanitize-html";

// What the rich-text editor produces (TipTap: headings, lists, tables, code, quotes, links, images,
// math) and nothing that runs: no script, no event handlers, no style, no javascript: URLs.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "div",
    "sub",
    "sup",
    "mark",
    "video",
    "audio",
    "source",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    span: ["data-type", "data-latex", "class"],
    div: ["data-type", "data-latex", "class"],
    // A list typed as "3. " starts at 3 (TipTap's ordered-list input rule).
    ol: ["start"],
    code: ["class"],
    pre: ["class"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    video: ["src", "controls", "width", "height"],
    audio: ["src", "controls"],
    source: ["src", "type"],
    iframe: ["src", "width", "height", "allowfullscreen"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  // Embedded media only from well-known video hosts; anything else is dropped.
  allowedIframeHostnames: ["www.youtube.com", "player.bilibili.com", "player.youku.com"],
  allowProtocolRelative: false,
};

/** Rich text made safe to show to every reader of a shared tree. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

// Content keys that hold rich text (HTML from the editor).
const RICH_TEXT_KEYS = ["text", "description"] as const;

/** A copy of content with its rich-text fields sanitised; other keys are data, kept as they are. */
export function sanitizeContent<T extends Record<string, unknown>>(content: T): T {
  const copy: Record<string, unknown> = { ...content };
  for (const key of RICH_TEXT_KEYS) {
    if (typeof copy[key] === "string") copy[key] = sanitizeRichText(copy[key] as string);
  }
  return copy as T;
}
