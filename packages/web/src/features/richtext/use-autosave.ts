import { useCallback, useEffect, useRef, useState } from "react";
import { clearTextDraft, writeTextDraft } from "./text-drafts";

/** Where the text stands, for the small status line under the editor. */
export type SaveStatus = "idle" | "saving" | "saved" | "failed";

/** How a save is sent: `keepalive` when the page is going away and the request must outlive it. */
export interface SaveOptions {
  keepalive: boolean;
}

/** Seconds of quiet after the last keystroke before the text is saved (issue 11: about 1 s). */
export const SAVE_DEBOUNCE_MS = 1000;
/** A failed save is tried again after 2 s, 4 s, … up to this, and at once when the network returns. */
const MAX_RETRY_MS = 30_000;

/**
 * Saves text while it is typed (1 s after the last change), and at once on `flush` (blur, the page
 * hidden or left). Only text that differs from what was last saved is sent (workspace-spec 5), one save
 * at a time, so an older text can never land after a newer one. A failed save keeps the text, says so,
 * and tries again with backoff; until it lands, the text is also kept in local storage (`draftKey`), so
 * a reload or a closed tab loses nothing.
 */
export function useAutosave(
  onSave: (html: string, options: SaveOptions) => Promise<void>,
  draftKey?: string,
) {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const lastSaved = useRef<string | null>(null);
  /** The newest text typed and not yet known to be on the server. */
  const unsaved = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; delay: number }>({ delay: 0 });
  const latestOnSave = useRef(onSave);
  latestOnSave.current = onSave;

  /** Records text that is already on the server (the initial content), so it is not saved again. */
  const markSaved = useCallback((html: string) => {
    lastSaved.current = html;
  }, []);

  const isSaved = useCallback((html: string) => html === lastSaved.current, []);

  const send = useCallback(
    (options: SaveOptions): Promise<void> => {
      clearTimeout(debounce.current);
      clearTimeout(retry.current.timer);
      queue.current = queue.current.then(async () => {
        const html = unsaved.current;
        if (html === null) return;
        if (html === lastSaved.current) {
          unsaved.current = null;
          if (draftKey) clearTextDraft(draftKey);
          return;
        }
        setStatus("saving");
        try {
          await latestOnSave.current(html, options);
          lastSaved.current = html;
          retry.current.delay = 0;
          // Typing may have gone on while the save was on its way: that newer text is still unsaved.
          if (unsaved.current === html) {
            unsaved.current = null;
            if (draftKey) clearTextDraft(draftKey);
            setStatus("saved");
          }
        } catch (error) {
          console.error(error);
          setStatus("failed");
          const delay = Math.min(MAX_RETRY_MS, Math.max(2000, retry.current.delay * 2));
          retry.current.delay = delay;
          retry.current.timer = setTimeout(() => void send({ keepalive: false }), delay);
        }
      });
      return queue.current;
    },
    [draftKey],
  );

  /** A change was typed: keep it locally at once, save it after a pause. */
  const schedule = useCallback(
    (html: string) => {
      if (lastSaved.current === null || (html === lastSaved.current && unsaved.current === null)) return;
      unsaved.current = html;
      if (draftKey) writeTextDraft(draftKey, html);
      setStatus((current) => (current === "failed" ? current : "saving"));
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => void send({ keepalive: false }), SAVE_DEBOUNCE_MS);
    },
    [draftKey, send],
  );

  /** Saves now (blur, page hidden or left): the given text, or whatever is waiting. */
  const flush = useCallback(
    (html?: string, options: SaveOptions = { keepalive: false }) => {
      // Before markSaved nothing can have been typed (an editor torn down before it was ready).
      if (html !== undefined && lastSaved.current !== null && html !== lastSaved.current) {
        unsaved.current = html;
        if (draftKey) writeTextDraft(draftKey, html);
      }
      return send(options);
    },
    [draftKey, send],
  );

  // The network coming back is the best moment to retry a failed save.
  useEffect(() => {
    const online = () => {
      if (unsaved.current !== null) void send({ keepalive: false });
    };
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(debounce.current);
      clearTimeout(retry.current.timer);
    };
  }, [send]);

  return { status, schedule, flush, markSaved, isSaved };
}
