import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import type { Dnode } from "../../entities/dnode/types";
import { useAuth } from "../../stores/auth";
import { type DraftMessage, draftChannelName, newTabId, openDraftChannel } from "./draft-channel";
import { clearDraftCopy, readDraftCopy, writeDraftCopy } from "./draft-copy";
import { mergeDrafts } from "./draft-merge";
import { type DraftMove, newestDraft, noteDraft } from "./newest-draft";

export { forgetDraftIds } from "./newest-draft";

/** people-spec 9: a draft autosaves 500 ms after typing stops. */
export const DRAFT_AUTOSAVE_MS = 500;
/** A failed save is tried again after this long (and on the next keystroke). */
const RETRY_MS = 5000;

export type DraftStatus = "loading" | "idle" | "saving" | "saved" | "local" | "failed" | "merged";

const textOf = (node: Dnode) => (typeof node.content.text === "string" ? node.content.text : "");

/**
 * The caller's draft in a dialogue: loaded once (GET /dialogue/{id}/draft/; a live refresh never
 * replaces what is being typed), saved 500 ms after typing stops (the server copy), and kept in local
 * storage until a save lands. `send` delegates it and moves on to the new empty draft; a failed send
 * keeps the text.
 *
 * Other editors of the same draft — other tabs of this browser, or the side panel — hear every change
 * (draft-channel) and follow it, so no tab saves stale text over another's; when two type at once both
 * texts are merged (draft-merge), so nothing typed is lost. Nothing changes under an input method's
 * composition: what arrives meanwhile waits until it ends (`compose`). A tab coming back into view
 * reads the server's draft too, taking in what another browser saved.
 */
export function useDraft(dialogueId: number) {
  const me = useAuth((s) => s.user?.id ?? 0);
  const [draftId, setDraftId] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [status, setStatus] = useState<DraftStatus>("loading");
  const saved = useRef("");
  // What the callbacks read: set together with the state, never behind it.
  const latest = useRef({ draftId: null as number | null, text: "" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // The coordination between editors: this one's id, the text the others last had from it (or it
  // from them), whether an input method is composing, and what arrived meanwhile.
  const [tab] = useState(newTabId);
  const shared = useRef("");
  const composing = useRef(false);
  const inbox = useRef<DraftMessage[]>([]);
  const channel = useRef<ReturnType<typeof openDraftChannel> | null>(null);

  const save = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    queue.current = queue.current.then(async () => {
      const { draftId: id, text: now } = latest.current;
      if (id === null || (newestDraft.getState()[dialogueId]?.id ?? 0) > id) return;
      if (now === saved.current) {
        clearDraftCopy(dialogueId);
        return;
      }
      setStatus("saving");
      try {
        await dialogueApi.saveDraft(id, now);
        saved.current = now;
        if (latest.current.text === now) clearDraftCopy(dialogueId);
        setStatus("saved");
      } catch (error) {
        console.warn("草稿保存失败", error);
        setStatus("local");
        timer.current = setTimeout(() => void save(), RETRY_MS);
      }
    });
    return queue.current;
  }, [dialogueId]);

  /** Shows `next` and keeps it: a local copy now, the server's 500 ms after the last change. */
  const keep = useCallback(
    (next: string) => {
      setText(next);
      latest.current = { ...latest.current, text: next };
      const id = latest.current.draftId;
      if (id !== null) writeDraftCopy(dialogueId, { draftId: id, text: next });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), DRAFT_AUTOSAVE_MS);
    },
    [dialogueId, save],
  );

  /** Tells the other editors this one's text, if it changed since they last heard. */
  const announce = useCallback(() => {
    const { draftId: id, text: now } = latest.current;
    if (id === null || now === shared.current) return;
    channel.current?.post({ kind: "text", tab, draftId: id, from: shared.current, text: now });
    shared.current = now;
  }, [tab]);

  /** Moves to a newer draft, carrying over what was typed here and not sent. */
  const moveTo = useCallback(
    (move: DraftMove) => {
      clearTimeout(timer.current);
      const theirs = move.text ?? "";
      const mine = latest.current.text;
      const rest = move.sentText === undefined ? theirs : mergeDrafts(move.sentText, mine, theirs, "theirs");
      saved.current = "";
      latest.current = { draftId: move.id, text: rest };
      shared.current = theirs;
      setDraftId(move.id);
      setText(rest);
      setStatus("idle");
      if (rest !== theirs) {
        keep(rest);
        announce();
      }
    },
    [keep, announce],
  );

  /** Another editor's message: followed, merged with what is typed here, or kept for after a composition. */
  const receive = useCallback(
    (message: DraftMessage) => {
      if (composing.current || latest.current.draftId === null) {
        inbox.current.push(message);
        return;
      }
      const current = latest.current.draftId;
      if (message.kind === "sent") {
        const move = { id: message.draftId, sentText: message.sentText, text: message.text };
        if (message.draftId > current) moveTo(move);
        noteDraft(dialogueId, move);
        return;
      }
      if (message.draftId !== current) return;
      const mine = latest.current.text;
      if (mine === message.text) {
        shared.current = mine;
        return;
      }
      if (mine === message.from) {
        // In step with that editor: its newer text is followed; saving it is that editor's part.
        setText(message.text);
        latest.current = { ...latest.current, text: message.text };
        shared.current = message.text;
        return;
      }
      // Both typed: each side merges the other's edit, ordered alike by tab id, and saves the result.
      const merged = mergeDrafts(message.from, mine, message.text, tab < message.tab ? "mine" : "theirs");
      shared.current = merged;
      keep(merged);
      setStatus("merged");
    },
    [dialogueId, tab, keep, moveTo],
  );

  /** Catches up on what waited: after a composition or the first load. */
  const catchUp = useCallback(() => {
    if (composing.current || latest.current.draftId === null) return;
    announce();
    for (const message of inbox.current.splice(0)) receive(message);
    const move = newestDraft.getState()[dialogueId];
    const id = latest.current.draftId;
    if (move && id !== null && move.id > id) moveTo(move);
  }, [dialogueId, announce, receive, moveTo]);

  /** The editor's composition events: nothing changes under a composition, nothing is told mid-way. */
  const compose = useCallback(
    (on: boolean) => {
      composing.current = on;
      // After the composition's last input event, which some browsers fire after compositionend.
      if (!on) setTimeout(catchUp, 0);
    },
    [catchUp],
  );

  useEffect(() => {
    const opened = openDraftChannel(draftChannelName(me, dialogueId), (m) => receive(m));
    channel.current = opened;
    return () => {
      opened.close();
      if (channel.current === opened) channel.current = null;
    };
  }, [me, dialogueId, receive]);

  useEffect(() => {
    let live = true;
    setStatus("loading");
    dialogueApi
      .draft(dialogueId)
      .then((draft: Dnode) => {
        if (!live) return;
        const serverText = textOf(draft);
        const copy = readDraftCopy(dialogueId);
        saved.current = serverText;
        noteDraft(dialogueId, { id: draft.id });
        setDraftId(draft.id);
        // A copy of another draft belongs to one already sent: it is stale.
        if (copy && copy.draftId === draft.id && copy.text !== serverText) {
          setText(copy.text);
          latest.current = { draftId: draft.id, text: copy.text };
          shared.current = copy.text;
          void save();
        } else {
          if (copy) clearDraftCopy(dialogueId);
          setText(serverText);
          latest.current = { draftId: draft.id, text: serverText };
          shared.current = serverText;
          setStatus("idle");
        }
        catchUp();
      })
      .catch((error) => {
        console.warn("草稿加载失败", error);
        if (!live) return;
        // The local copy is still offered: typing goes on and is kept here until the draft loads.
        const copy = readDraftCopy(dialogueId);
        if (copy) {
          setText(copy.text);
          latest.current = { ...latest.current, text: copy.text };
        }
        setStatus("failed");
      });
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [dialogueId, save, catchUp]);

  // Back in view: what another browser saved meanwhile is merged in (the server's text against the
  // last one this tab knew it had), never under a composition.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== "visible" || composing.current) return;
      dialogueApi
        .draft(dialogueId)
        .then((draft) => {
          const { draftId: id, text: mine } = latest.current;
          const serverText = textOf(draft);
          if (composing.current || draft.id !== id || serverText === saved.current) return;
          const merged = mergeDrafts(saved.current, mine, serverText, "theirs");
          saved.current = serverText;
          if (merged === serverText) setText(merged);
          else keep(merged);
          latest.current = { ...latest.current, text: merged };
          announce();
        })
        .catch((error) => console.warn("草稿刷新失败", error));
    };
    document.addEventListener("visibilitychange", refresh);
    return () => document.removeEventListener("visibilitychange", refresh);
  }, [dialogueId, keep, announce]);

  const change = useCallback(
    (next: string) => {
      keep(next);
      if (!composing.current) announce();
    },
    [keep, announce],
  );

  const queryClient = useQueryClient();
  /** Sends the text (trimmed non-empty); resolves with the sent message, rejects and keeps it on failure. */
  const send = useCallback(async (): Promise<Dnode | null> => {
    const { draftId: id, text: now } = latest.current;
    if (id === null || now.trim() === "") return null;
    clearTimeout(timer.current);
    await queue.current;
    const answer = await dialogueApi.send(id, now);
    const fresh = answer.new_draft_process;
    const freshText = textOf(fresh);
    saved.current = freshText;
    clearDraftCopy(dialogueId);
    // Typed while the send was on its way: kept for the next message.
    const typedSince = latest.current.text !== now ? latest.current.text : freshText;
    setDraftId(fresh.id);
    setText(typedSince);
    latest.current = { draftId: fresh.id, text: typedSince };
    shared.current = typedSince;
    const move = { id: fresh.id, sentText: now, text: typedSince };
    noteDraft(dialogueId, move);
    channel.current?.post({ kind: "sent", tab, draftId: fresh.id, sentText: now, text: typedSince });
    if (typedSince !== freshText) keep(typedSince);
    setStatus("idle");
    // The sender's own list (我的消息, the header's count) shows the new last message at once; the
    // server does not echo the sender's own change back to this tab.
    void queryClient.invalidateQueries({ queryKey: dialogueKeys.list() });
    return answer.delegated_process;
  }, [dialogueId, tab, keep, queryClient]);

  // Another editor of this dialogue on the page sent the draft: this one moves to the new draft.
  const newest = newestDraft((s) => s[dialogueId]);
  useEffect(() => {
    if (newest === undefined || draftId === null || newest.id <= draftId || composing.current) return;
    moveTo(newest);
  }, [newest, draftId, moveTo]);

  return { draftId, text, status, change, send, compose, flush: save };
}
