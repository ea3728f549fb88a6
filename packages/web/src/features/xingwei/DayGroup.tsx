import { type BriefDnode, NODE_TYPE_LABELS, type NodeType, shanghaiDay } from "@zhishu/shared";
import { Tag, Typography } from "antd";
import { useId } from "react";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { ProcessTimer } from "../process/ProcessTimer";
import { StatusTag } from "../process/StatusTag";
import { addDays, dayLabel, type Group, shanghaiClock, type Unit, weekdayOf } from "./ranges";

const t = zh.xingwei;

interface Props {
  group: Group<BriefDnode>;
  unit: Unit;
  /** Today's first day of the unit, to name the current day or week. */
  current: string;
}

function title(start: string, unit: Unit, current: string): string {
  if (unit === "day") return start === current ? `${t.today} · ${dayLabel(start)}` : dayLabel(start);
  const range = t.range(dayLabel(start), dayLabel(addDays(start, 6)));
  return start === current ? `${t.thisWeek} · ${range}` : range;
}

/** One day's (or week's) nodes and processes, newest first, as a labelled region. */
export function DayGroup({ group, unit, current }: Props) {
  const headingId = useId();
  return (
    <section className="xw-group" aria-labelledby={headingId}>
      <Typography.Title level={4} id={headingId} className="xw-heading">
        {title(group.start, unit, current)} <span className="xw-count">{t.count(group.items.length)}</span>
      </Typography.Title>
      <ul className="xw-list">
        {group.items.map((node) => (
          <li key={node.id} className="xw-item">
            <time className="xw-time" dateTime={node.created_at}>
              {unit === "week" && node.created_at ? `${weekdayOf(shanghaiDay(node.created_at))} ` : ""}
              {node.created_at ? shanghaiClock(node.created_at) : ""}
            </time>
            {node.type !== "NOTE" && <Tag>{NODE_TYPE_LABELS[node.type as NodeType] ?? node.type}</Tag>}
            <Link to={`/data/${node.id}`}>{node.name || t.untitled}</Link>
            {node.type === "PROCESS" && (
              <>
                <StatusTag content={node.content} />
                <ProcessTimer content={node.content} />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
