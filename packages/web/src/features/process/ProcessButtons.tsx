import { CaretRightOutlined, CheckOutlined, PauseOutlined } from "@ant-design/icons";
import { statusOf } from "@zhishu/shared";
import { Button } from "antd";
import type { ReactNode } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import type { ProcessAction } from "./process-api";
import { offeredActions } from "./process-display";
import { useProcessAction } from "./use-process-action";

const t = zh.process;

const ICONS: Record<ProcessAction, ReactNode> = {
  start: <CaretRightOutlined />,
  pause: <PauseOutlined />,
  finish: <CheckOutlined />,
};

interface Props {
  node: Dnode;
  onNodes: (nodes: Dnode[]) => void;
  /** Rows use icon buttons (with the action in the accessible name); the process view shows words. */
  compact?: boolean;
}

/** Start (继续 when paused), pause and finish, as the status offers them; none without write. */
export function ProcessButtons({ node, onNodes, compact = false }: Props) {
  const { run, busy } = useProcessAction(node.id, onNodes);
  if (node.permissions?.write === false || node.id <= 0) return null;
  const status = statusOf(node.content);
  const name = node.name || zh.outliner.untitled;
  const text = (action: ProcessAction) =>
    action === "start" ? (status === "paused" ? t.resume : t.start) : action === "pause" ? t.pause : t.finish;
  const label = (action: ProcessAction) =>
    action === "start"
      ? status === "paused"
        ? t.resumeOf(name)
        : t.startOf(name)
      : action === "pause"
        ? t.pauseOf(name)
        : t.finishOf(name);
  return (
    <span className="pr-buttons">
      {offeredActions(status).map((action) => (
        <Button
          key={action}
          size="small"
          type={compact ? "text" : action === "finish" ? "default" : "primary"}
          icon={ICONS[action]}
          aria-label={label(action)}
          title={text(action)}
          loading={busy === action}
          disabled={busy !== null && busy !== action}
          tabIndex={compact ? -1 : undefined}
          onClick={() => void run(action)}
        >
          {compact ? null : text(action)}
        </Button>
      ))}
    </span>
  );
}
