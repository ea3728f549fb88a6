import { shownStatus } from "@zhishu/shared";
import { Tag } from "antd";
import { zh } from "../../i18n/zh-CN";
import { statusColor } from "./process-display";

/** The status a process shows (shared's rule per kind), as a coloured tag. */
export function StatusTag({ content }: { content: Record<string, unknown> }) {
  const shown = shownStatus(content);
  return (
    <Tag className={`pr-status pr-tone-${statusColor(shown.key)}`} title={zh.process.status(shown.label)}>
      {shown.label}
    </Tag>
  );
}
