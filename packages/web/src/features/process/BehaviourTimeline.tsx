import { useQuery } from "@tanstack/react-query";
import { formatDuration, NODE_TYPE_LABELS, type NodeType } from "@zhishu/shared";
import { Alert, Button, Tag, Typography } from "antd";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { processApi } from "./process-api";
import { TIMELINE_LIMIT, timelineSegments } from "./timeline";

const t = zh.process;

interface Props {
  processId: number;
  /** The span shown: the process's first start to its end, or to when the view asked (`now`). */
  start: string;
  end: string;
}

/** What was made while the process ran: a coloured line of segments and the list of those nodes. */
export function BehaviourTimeline({ processId, start, end }: Props) {
  const query = useQuery({
    queryKey: ["process-timeline", processId, start, end],
    queryFn: () => processApi.timeline(processId, start, end),
  });
  if (query.isPending) return <Typography.Text type="secondary">{t.timelineLoading}</Typography.Text>;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t.timelineError(query.error.message)}
        action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
      />
    );
  const items = query.data.result;
  if (items.length === 0) return <Typography.Text type="secondary">{t.timelineEmpty}</Typography.Text>;
  const segments = timelineSegments(start, end, items);
  const made = segments.filter((s) => s.item !== null).reverse();
  return (
    <div className="pr-timeline">
      <div className="pr-line" role="img" aria-label={t.timeline}>
        {segments.map((segment, i) => (
          <span
            // Segments have no identity beyond their place in the span.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity
            key={i}
            className={`pr-seg pr-band-${segment.band}`}
            style={{ width: `${segment.width}%` }}
            title={
              segment.item
                ? t.segment(formatDuration(segment.hours), segment.item.name)
                : t.tail(formatDuration(segment.hours))
            }
          />
        ))}
      </div>
      <ul className="pr-made">
        {made.map((segment) => (
          <li key={segment.item!.id}>
            {segment.item!.type && segment.item!.type !== "NOTE" && (
              <Tag>{NODE_TYPE_LABELS[segment.item!.type as NodeType] ?? segment.item!.type}</Tag>
            )}
            <Link to={`/data/${segment.item!.id}`}>{segment.item!.name || zh.outliner.untitled}</Link>{" "}
            <Typography.Text type="secondary">{t.gap(formatDuration(segment.hours))}</Typography.Text>
          </li>
        ))}
      </ul>
      {items.length >= TIMELINE_LIMIT && (
        <Typography.Text type="secondary">{t.timelineCapped}</Typography.Text>
      )}
    </div>
  );
}
