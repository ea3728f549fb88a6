import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { create } from "zustand";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import type { Dnode } from "../../entities/dnode/types";
import { clearDraftCopy, readDraftCopy, writeDraftCopy } from "./draft-copy";

/** people-spec 9: a draft autosaves 500 ms after typing stops. */
export const DRAFT_AUTOSAVE_MS = 500;
/** A failed save is tried again after this long (and on the next keystroke). */
const RETRY_MS = 5000;

/**
 * The newest draft of each dialogue this page knows. The same dialogue may be open twice (a main tab
 * and the side panel): once one editor sends, the other must never save into the sent message (the
 * server lets its writer edit it), so it moves to the new draft. Draft ids only grow.
 */
const newestDraft = create<Record<number, number>>(() => ({}));
/** Forgets them (a test starts from a fresh page). */
export const forgetDraftIds = () => newestDraft.setState({}, true);
const noteDraft = (dialogueId: number, draftId: number) =>
  newestDraft.setState((s) => ((s[dialogueId] ?? 0) >= draftId ? s : { ...s, [dialogueId]: draftId }));

export type DraftStatus = "loading" | "idle" | "saving" | "saved" | "local" | "failed";

/**
 * The caller's draft in a dialogue: loaded once (GET /dialogue/{id}/draft/; a live refresh never
 * replaces what is being typed), saved 500 ms after typing stops (the server copy), and kept in local
 * storage until a save lands. `send` delegates it and moves on to the new empty draft; a failed send
 * keeps the text.
 */
export function useDraft(dialogueId: number) {
  const [draftId, setDraftId] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [status, setStatus] = useState<DraftStatus>("loading");
  const saved = useRef("");
  const latest = useRef({ draftId: null as number | null, text: "" });
  latest.current = { draftId, text };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const save = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    queue.current = queue.current.then(async () => {
      const { draftId: id, text: now } = latest.current;
      if (id === null || (newestDraft.getState()[dialogueId] ?? 0) > id) return;
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

  useEffect(() => {
    let live = true;
    setStatus("loading");
    dialogueApi
      .draft(dialogueId)
      .then((draft: Dnode) => {
        if (!live) return;
        const serverText = typeof draft.content.text === "string" ? draft.content.text : "";
        const copy = readDraftCopy(dialogueId);
        saved.current = serverText;
        noteDraft(dialogueId, draft.id);
        setDraftId(draft.id);
        // A copy of another draft belongs to one already sent: it is stale.
        if (copy && copy.draftId === draft.id && copy.text !== serverText) {
          setText(copy.text);
          latest.current = { draftId: draft.id, text: copy.text };
          void save();
        } else {
          if (copy) clearDraftCopy(dialogueId);
          setText(serverText);
          setStatus("idle");
        }
      })
      .catch((error) => {
        console.warn("草稿加载失败", error);
        if (!live) return;
        // The local copy is still offered: typing goes on and is kept here until the draft loads.
        const copy = readDraftCopy(dialogueId);
        if (copy) setText(copy.text);
        setStatus("failed");
      });
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [dialogueId, save]);

  const change = useCallback(
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

  const queryClient = useQueryClient();
  /** Sends the text (trimmed non-empty); resolves with the sent message, rejects and keeps it on failure. */
  const send = useCallback(async (): Promise<Dnode | null> => {
    const { draftId: id, text: now } = latest.current;
    if (id === null || now.trim() === "") return null;
    clearTimeout(timer.current);
    await queue.current;
    const answer = await dialogueApi.send(id, now);
    const fresh = answer.new_draft_process;
    const freshText = typeof fresh.content.text === "string" ? fresh.content.text : "";
    saved.current = freshText;
    clearDraftCopy(dialogueId);
    noteDraft(dialogueId, fresh.id);
    setDraftId(fresh.id);
    // Typed while the send was on its way: kept for the next message.
    const typedSince = latest.current.text !== now ? latest.current.text : freshText;
    setText(typedSince);
    latest.current = { draftId: fresh.id, text: typedSince };
    if (typedSince !== freshText) change(typedSince);
    setStatus("idle");
    // The sender's own list (我的消息, the header's count) shows the new last message at once; the
    // server does not echo the sender's own change back to this tab.
    void queryClient.invalidateQueries({ queryKey: dialogueKeys.list() });
    return answer.delegated_process;
  }, [dialogueId, change, queryClient]);

  // Another editor of this dialogue on the page sent the draft: this one moves to the new, empty draft.
  const newest = newestDraft((s) => s[dialogueId]);
  useEffect(() => {
    if (newest === undefined || draftId === null || newest <= draftId) return;
    clearTimeout(timer.current);
    saved.current = "";
    latest.current = { draftId: newest, text: "" };
    setDraftId(newest);
    setText("");
    setStatus("idle");
  }, [newest, draftId]);

  return { draftId, text, status, change, send, flush: save };
}
