import { formatDuration, formatTimer, statusOf } from "@zhishu/shared";
import { Descriptions, Flex, Typography } from "antd";
import { useState } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { BehaviourTimeline } from "./BehaviourTimeline";
import { ChildrenChart } from "./charts/ChildrenChart";
import { DeliveryChoice } from "./DeliveryChoice";
import { ProcessButtons } from "./ProcessButtons";
import { ProcessTimer } from "./ProcessTimer";
import { spentRatio, timerHours } from "./process-display";
import { StatusTag } from "./StatusTag";
import { useNow } from "./ticker";
import "./process.css";

const t = zh.process;

interface Props {
  node: Dnode;
  onNodes: (nodes: Dnode[]) => void;
}

/** Logs as stored: text, or a list of lines (strings or records with a text). */
function logLines(logs: unknown): string[] {
  if (typeof logs === "string") return logs.split("\n").filter((line) => line.trim() !== "");
  if (!Array.isArray(logs)) return [];
  return logs.map((entry) =>
    typeof entry === "string"
      ? entry
      : entry && typeof entry === "object" && "text" in entry
        ? String((entry as { text: unknown }).text)
        : JSON.stringify(entry),
  );
}

const textOf = (value: unknown) =>
  typeof value === "string" ? value : value == null ? "" : JSON.stringify(value);

/**
 * The process view of a node page (workspace-spec 2 "Content views per type: process view"): status,
 * clock, start / pause (继续) / finish, time spent against the plan, logs, result, and the behaviour
 * timeline of what was made while it ran.
 */
export function ProcessView({ node, onNodes }: Props) {
  const content = node.content;
  const running = statusOf(content) === "running";
  const now = useNow(running);
  // The timeline's end while the process is open: when the view opened or the process last changed
  // (a start, a pause), not every second — each tick would be a new request. ISO times sort as text.
  const [openedAt] = useState(() => new Date().toISOString());
  const start = typeof content.start_time === "string" ? content.start_time : null;
  const asOf = [openedAt, node.updated_at ?? "", start ?? ""].sort().at(-1)!;
  const end = typeof content.end_time === "string" ? content.end_time : asOf;
  const cost = timerHours(content, now);
  const ratio = spentRatio(content, cost, now);
  const planned = Number(content.planned_time);
  const lines = logLines(content.logs);
  const result = textOf(content.result);

  return (
    <section className="pr-view" aria-label={t.viewTitle}>
      <Flex align="center" gap={12} wrap>
        <StatusTag content={content} />
        <span className="pr-view-clock">
          <ProcessTimer content={content} />
        </span>
        <ProcessButtons node={node} onNodes={onNodes} />
        <DeliveryChoice node={node} onNodes={onNodes} />
      </Flex>
      {!start && <Typography.Paragraph type="secondary">{t.notStarted}</Typography.Paragraph>}
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="pr-facts">
        <Descriptions.Item label={t.spent}>{formatTimer(cost)}</Descriptions.Item>
        <Descriptions.Item label={t.plannedTime}>
          {planned > 0 ? formatDuration(planned) : t.noPlan}
        </Descriptions.Item>
        <Descriptions.Item label={<span title={t.ratioHint}>{t.ratio}</span>}>
          {ratio === null ? "—" : `${Math.round(ratio * 100)}%`}
        </Descriptions.Item>
      </Descriptions>
      <ChildrenChart node={node} />
      <Typography.Title level={5}>{t.logs}</Typography.Title>
      {lines.length > 0 ? (
        <ol className="pr-logs">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines are only ever appended
            <li key={i}>{line}</li>
          ))}
        </ol>
      ) : (
        <Typography.Text type="secondary">{t.noLogs}</Typography.Text>
      )}
      <Typography.Title level={5}>{t.result}</Typography.Title>
      {result ? (
        <Typography.Paragraph>{result}</Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">{t.noResult}</Typography.Text>
      )}
      <Typography.Title level={5}>{t.timeline}</Typography.Title>
      {start && end ? (
        <BehaviourTimeline processId={node.id} start={start} end={end} />
      ) : (
        <Typography.Text type="secondary">{t.timelineEmpty}</Typography.Text>
      )}
    </section>
  );
}
