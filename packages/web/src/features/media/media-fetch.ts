import { readTokens } from "../../api/tokens";

/** GET a media file, with the signed-in user's token for our own server only; throws unless 2xx. */
export async function fetchMedia(url: string): Promise<Response> {
  const token = readTokens()?.access;
  // A file kept at another site's address must never receive our token.
  const ours = url.startsWith("/") && !url.startsWith("//");
  const response = await fetch(url, {
    headers: ours && token ? { authorization: `Bearer ${token}` } : {},
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${url}`);
  return response;
}

// Long enough for the browser to start the download before the object URL goes.
const REVOKE_AFTER_MS = 10_000;

/** Downloads a media file under the given name; throws when it cannot be fetched or saved. */
export async function saveMediaFile(url: string, filename: string): Promise<void> {
  const blob = await (await fetchMedia(url)).blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

/** The text of a media file, for the preview. */
export async function fetchMediaText(url: string): Promise<string> {
  return (await fetchMedia(url)).text();
}
