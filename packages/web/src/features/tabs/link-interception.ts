/**
 * The internal link a click landed on, if the workspace should take it over (workspace-spec 2: a link
 * under /data/ or a router link opens in the opposite panel, named by its text). Plain left clicks only:
 * a modified click, another window's target or an /api link keep the browser's behaviour.
 */
export function internalLinkOf(event: {
  target: EventTarget | null;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): { url: string; name: string } | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const href = anchor.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return null;
  return { url: href, name: visibleText(anchor) };
}

// Text only a screen reader hears (a bullet's 打开「…」): a tab named by it would read wrongly.
const SCREEN_READER_ONLY = '[aria-hidden="true"], .sr-only, .ol-sr';

/** A link's text as a person sees it, without screen-reader-only and hidden parts. */
function visibleText(anchor: Element): string {
  const copy = anchor.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll(SCREEN_READER_ONLY)) hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}
