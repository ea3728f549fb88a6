// Shown when an image fails to load: a grey frame with a broken-picture mark, no text to translate.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90" viewBox="0 0 120 90">' +
  '<rect width="120" height="90" fill="#f5f5f5" stroke="#d9d9d9"/>' +
  '<path d="M35 62l15-18 10 12 8-9 17 15z" fill="#bfbfbf"/><circle cx="78" cy="32" r="6" fill="#bfbfbf"/>' +
  '<path d="M30 25l60 45" stroke="#ff7875" stroke-width="3"/></svg>';

/** The fallback picture of a thumbnail or preview whose image cannot be loaded. */
export const FALLBACK_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
