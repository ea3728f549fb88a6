/**
 * The draft typed and not yet known to be on the server, kept in local storage per dialogue (like the
 * rich-text drafts), so a reload, a closed tab or a failed request loses nothing. `draftId` says which
 * draft node it belongs to: once that draft has been sent, its copy is stale.
 */
const PREFIX = "zhishu-dialogue-draft:";

export interface DraftCopy {
  draftId: number;
  text: string;
}

export const draftCopyKey = (dialogueId: number) => `${PREFIX}${dialogueId}`;

export function readDraftCopy(dialogueId: number): DraftCopy | null {
  try {
    const raw = JSON.parse(localStorage.getItem(draftCopyKey(dialogueId)) ?? "null");
    return raw && typeof raw.text === "string" && Number.isInteger(raw.draftId) ? raw : null;
  } catch {
    return null;
  }
}

export function writeDraftCopy(dialogueId: number, copy: DraftCopy): void {
  try {
    localStorage.setItem(draftCopyKey(dialogueId), JSON.stringify(copy));
  } catch {
    // storage full or denied: the save on its way is then the only copy
  }
}

export function clearDraftCopy(dialogueId: number): void {
  try {
    localStorage.removeItem(draftCopyKey(dialogueId));
  } catch {
    // nothing to clear
  }
}
