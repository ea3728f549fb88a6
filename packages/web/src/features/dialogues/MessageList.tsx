import type { DialogueUser } from "@zhishu/shared";
import { Empty, Spin } from "antd";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { MessageRow } from "./MessageRow";
import { ChatScroller } from "./scroll-rules";

const t = zh.dialogues;

interface Props {
  messages: Dnode[];
  me: number | undefined;
  people: DialogueUser[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Bumped when the reader sent a message: the list scrolls to it even if they had scrolled up. */
  sentTick: number;
}

/**
 * The scrolling messages of a dialogue, oldest at the top, with the scroll rules of people-spec 9
 * (scroll-rules.ts): older pages load near the top without moving what the reader looks at.
 */
export function MessageList({ messages, me, people, hasMore, loadingOlder, onLoadOlder, sentTick }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef({ onLoadOlder, hasMore });
  latest.current = { onLoadOlder, hasMore };
  const scroller = useMemo(
    () =>
      new ChatScroller({
        loadOlder: () => latest.current.onLoadOlder(),
        scrollToBottom: () => {
          const el = box.current;
          if (el) el.scrollTop = el.scrollHeight;
        },
        now: () => Date.now(),
        setTimeout: (run, ms) => setTimeout(run, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      }),
    [],
  );
  useEffect(() => () => scroller.dispose(), [scroller]);
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);

  // Where the list stood before older messages were put above: kept, so the view does not jump.
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const edges = useRef<{ first?: number; last?: number; fromBottom: number }>({ fromBottom: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = edges.current;
    if (before.first === undefined && before.last === undefined && last !== undefined) {
      el.scrollTop = el.scrollHeight; // the first page: start at the newest
    } else if (first !== before.first && last === before.last) {
      el.scrollTop = el.scrollHeight - before.fromBottom; // older ones above
    } else if (last !== before.last) {
      scroller.onNewMessages();
    }
    edges.current = { first, last, fromBottom: el.scrollHeight - el.scrollTop };
  }, [first, last, scroller]);
  useEffect(() => {
    if (sentTick > 0) scroller.onNewMessages(true);
  }, [sentTick, scroller]);
  // Rows grow after they render (a friend-request card loads its user card, an image arrives): a reader
  // at the bottom stays there, by the same rule as a new message.
  const content = useRef<HTMLOListElement>(null);
  const hasRows = messages.length > 0;
  useEffect(() => {
    const list = content.current;
    if (!hasRows || !list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => scroller.onNewMessages());
    observer.observe(list);
    return () => observer.disconnect();
  }, [hasRows, scroller]);

  return (
    <div
      ref={box}
      className="dlg-messages"
      role="log"
      aria-label={t.messagesLabel}
      onScroll={(event) => {
        const el = event.currentTarget;
        edges.current.fromBottom = el.scrollHeight - el.scrollTop;
        scroller.onScroll(el, latest.current.hasMore);
      }}
    >
      {loadingOlder && (
        <div className="dlg-loading-more" role="status">
          <Spin size="small" /> {t.loadingMore}
        </div>
      )}
      {messages.length === 0 ? (
        <Empty description={t.noMessages} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="dlg-list" ref={content}>
          {messages.map((node) => (
            <MessageRow key={node.id} node={node} me={me} people={byId} />
          ))}
        </ol>
      )}
    </div>
  );
}
