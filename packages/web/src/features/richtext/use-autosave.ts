import { useCallback, useRef, useState } from "react";

/** Where the last save stands, for the small status line under the editor. */
export type SaveStatus = "idle" | "saving" | "saved" | "failed";

/**
 * Saves text only when it differs from what was last saved (workspace-spec 5), one save at a time so
 * an older text can never land after a newer one.
 */
export function useAutosave(onSave: (html: string) => Promise<void>) {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const lastSaved = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latestOnSave = useRef(onSave);
  latestOnSave.current = onSave;

  /** Records text that is already on the server (the initial content), so it is not saved again. */
  const markSaved = useCallback((html: string) => {
    lastSaved.current = html;
  }, []);

  const isSaved = useCallback((html: string) => html === lastSaved.current, []);

  const save = useCallback((html: string) => {
    queue.current = queue.current.then(async () => {
      if (html === lastSaved.current) return;
      setStatus("saving");
      try {
        await latestOnSave.current(html);
        lastSaved.current = html;
        setStatus("saved");
      } catch (error) {
        console.error(error);
        setStatus("failed");
      }
    });
    return queue.current;
  }, []);

  return { status, save, markSaved, isSaved };
}
