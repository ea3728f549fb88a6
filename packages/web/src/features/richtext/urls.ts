/** A video or player the editor can embed: a `<video>` for a video file, an `<iframe>` for a player page. */
export type MediaEmbed = { kind: "video"; src: string } | { kind: "iframe"; src: string };

// The server's sanitiser keeps iframes from these hosts only (packages/server/src/services/sanitize.ts).
export const IFRAME_HOSTS = ["www.youtube.com", "player.bilibili.com", "player.youku.com"] as const;

const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|m4v|mov)$/i;

function parseHttpUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** True for an https player address on one of the allowed hosts. */
export function isAllowedIframeSrc(src: string | null | undefined): boolean {
  const url = parseHttpUrl(src ?? "");
  return (
    url !== null && url.protocol === "https:" && (IFRAME_HOSTS as readonly string[]).includes(url.hostname)
  );
}

/** True for an http(s) address of a video file. */
export function isVideoFileSrc(src: string | null | undefined): boolean {
  const url = parseHttpUrl(src ?? "");
  return url !== null && VIDEO_FILE.test(url.pathname);
}

// A YouTube watch page cannot be framed; its /embed/ player can.
function youtubeEmbed(url: URL): string | null {
  const id =
    url.hostname === "youtu.be"
      ? url.pathname.slice(1)
      : url.pathname === "/watch"
        ? url.searchParams.get("v")
        : null;
  return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
}

/** What to embed for an address typed into the 媒体 prompt, or null when it is neither a video nor an allowed player. */
export function embedForUrl(input: string): MediaEmbed | null {
  const url = parseHttpUrl(input);
  if (!url) return null;
  if (["www.youtube.com", "youtube.com", "m.youtube.com", "youtu.be"].includes(url.hostname)) {
    const watch = youtubeEmbed(url);
    if (watch) return { kind: "iframe", src: watch };
  }
  if ((IFRAME_HOSTS as readonly string[]).includes(url.hostname)) {
    url.protocol = "https:";
    return { kind: "iframe", src: url.href };
  }
  if (VIDEO_FILE.test(url.pathname)) return { kind: "video", src: url.href };
  return null;
}

/** True for a link the editor may store: http(s), mailto, or a path inside the app such as /data/12. */
export function isAllowedLinkUrl(input: string): boolean {
  const href = input.trim();
  if (/^\/(?!\/)\S*$/.test(href)) return true;
  if (/^mailto:\S+@\S+$/i.test(href)) return true;
  const url = parseHttpUrl(href);
  return url !== null && url.hostname !== "" && !/\s/.test(href);
}
