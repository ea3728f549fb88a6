import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CHAT_PAGE_SIZE } from "@zhishu/shared";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import type { Dnode } from "../../entities/dnode/types";

/** Oldest first, as a chat shows them: by creation time, then id. */
function byTime(a: Dnode, b: Dnode): number {
  return (a.created_at ?? "").localeCompare(b.created_at ?? "") || a.id - b.id;
}

/**
 * A dialogue's record and its messages: the newest page (GET /dialogue/{id}/, page 1) is a query that
 * live updates refresh; older pages (20 each) are added above as the reader scrolls up, and messages the
 * reader sent show at once. Pages count from the newest, so one read after new messages arrived overlaps
 * the last: messages are merged by id, never shown twice. The dialogue is marked read while open.
 */
export function useDialogue(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dialogueKeys.record(id),
    queryFn: () => dialogueApi.get(id, 1),
    enabled: id > 0,
    retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 1,
  });
  const [older, setOlder] = useState<Dnode[]>([]);
  const [sent, setSent] = useState<Dnode[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const nextPage = useRef(2);

  const loadOlder = useCallback(() => {
    if (loadingOlder) return;
    setLoadingOlder(true);
    const page = nextPage.current;
    dialogueApi
      .get(id, page)
      .then((record) => {
        nextPage.current = page + 1;
        setOlder((before) => [...record.chat_messages, ...before]);
        setOlderHasMore(record.chat_has_more && record.chat_messages.length >= CHAT_PAGE_SIZE);
      })
      .catch((error) => console.warn("加载更早的消息失败", error))
      .finally(() => setLoadingOlder(false));
  }, [id, loadingOlder]);

  const record = query.data;
  const messages = useMemo(() => {
    const all = new Map<number, Dnode>();
    for (const node of [...older, ...(record?.chat_messages ?? []), ...sent]) {
      // The newest copy of a message wins (a friend request decided, a message delivered).
      const had = all.get(node.id);
      if (!had || (node.version ?? 0) >= (had.version ?? 0)) all.set(node.id, node);
    }
    return [...all.values()].sort(byTime);
  }, [older, record, sent]);

  // Open means read: the server's unread count for this reader goes to 0, and the list and header follow.
  const unread = record?.dnode.content.unread_count ?? 0;
  useEffect(() => {
    if (!(unread > 0)) return;
    dialogueApi
      .markRead(id)
      .then(() => queryClient.invalidateQueries({ queryKey: dialogueKeys.list() }))
      .catch((error) => console.warn("标记已读失败", error));
  }, [id, unread, queryClient]);

  const addSent = useCallback(
    (node: Dnode) => {
      setSent((before) => [...before, node]);
      void queryClient.invalidateQueries({ queryKey: dialogueKeys.record(id) });
    },
    [id, queryClient],
  );

  return {
    query,
    record,
    messages,
    hasMore: olderHasMore ?? record?.chat_has_more ?? false,
    loadingOlder,
    loadOlder,
    addSent,
  };
}
