/**
 * Rich text typed but not yet confirmed by the server, kept in local storage by node, so a reload, a
 * closed tab or a lost network loses nothing: the editor offers it again when the node is opened.
 */
const PREFIX = "zhishu-text-draft:";

interface TextDraft {
  html: string;
  at: number;
}

/** The storage key of a node's text draft. */
export const textDraftKey = (nodeId: number) => `${PREFIX}${nodeId}`;

export function writeTextDraft(key: string, html: string): void {
  try {
    localStorage.setItem(key, JSON.stringify({ html, at: Date.now() } satisfies TextDraft));
  } catch {
    // Storage full or denied: the save on its way is then the only copy, as before drafts existed.
  }
}

export function readTextDraft(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<TextDraft>;
    return typeof draft.html === "string" ? draft.html : null;
  } catch {
    return null;
  }
}

export function clearTextDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
