import { create } from "zustand";

/** A move to a newer draft: after a send, what went out and what the new draft starts with. */
export interface DraftMove {
  id: number;
  sentText?: string;
  text?: string;
}

/**
 * The newest draft of each dialogue this page knows. The same dialogue may be open twice (a main tab
 * and the side panel): once one editor sends, the other must never save into the sent message (the
 * server lets its writer edit it), so it moves to the new draft. Draft ids only grow.
 */
export const newestDraft = create<Record<number, DraftMove>>(() => ({}));
/** Forgets them (a test starts from a fresh page). */
export const forgetDraftIds = () => newestDraft.setState({}, true);
export const noteDraft = (dialogueId: number, move: DraftMove) =>
  newestDraft.setState((s) => ((s[dialogueId]?.id ?? 0) >= move.id ? s : { ...s, [dialogueId]: move }));
