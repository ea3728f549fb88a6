/**
 * Tabs of one browser editing the same draft tell each other what they typed (issue 17): a
 * BroadcastChannel per person and dialogue. Without one (old browsers) each tab works alone as before.
 */

/** A tab's text: `from` is what that tab last told the others (or took from them), `text` what it has now. */
export interface DraftTyped {
  kind: "text";
  tab: string;
  draftId: number;
  from: string;
  text: string;
}

/** A tab sent the draft: `sentText` went out, the new draft `draftId` holds `text` (typed meanwhile). */
export interface DraftSent {
  kind: "sent";
  tab: string;
  draftId: number;
  sentText: string;
  text: string;
}

export type DraftMessage = DraftTyped | DraftSent;

export interface DraftChannel {
  post(message: DraftMessage): void;
  close(): void;
}

const isMessage = (data: unknown): data is DraftMessage => {
  const m = data as DraftMessage | null;
  return (
    !!m &&
    (m.kind === "text" || m.kind === "sent") &&
    typeof m.tab === "string" &&
    Number.isInteger(m.draftId) &&
    typeof m.text === "string" &&
    (m.kind === "text" ? typeof m.from === "string" : typeof m.sentText === "string")
  );
};

export const draftChannelName = (userId: number, dialogueId: number) =>
  `zhishu-draft:${userId}:${dialogueId}`;

/** Opens the channel; `receive` gets the other tabs' messages (never this tab's own). */
export function openDraftChannel(name: string, receive: (message: DraftMessage) => void): DraftChannel {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent) => {
    if (isMessage(event.data)) receive(event.data);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // closed while a save was on its way: nobody left to tell
      }
    },
    close: () => channel.close(),
  };
}

/** A random id of this tab's editor, to order two tabs' edits the same way in both. */
export const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
