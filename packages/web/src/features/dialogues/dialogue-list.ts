import { useQuery } from "@tanstack/react-query";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";

/*
 * Its own module, not MessagesPage's: the header's unread badge uses it on every page, and importing it
 * from the page put the whole dialogues feature in the first download (issue 18).
 */

/** people-spec 4: polling is 30 s by default; live updates refresh the list sooner when they can. */
export const LIST_POLL_MS = 30_000;

/** The reader's dialogues, shared by /messages and the header's unread badge (one request for both). */
export function useDialogueList(enabled = true) {
  return useQuery({
    queryKey: dialogueKeys.list(),
    queryFn: () => dialogueApi.list(),
    enabled,
    refetchInterval: LIST_POLL_MS,
  });
}
