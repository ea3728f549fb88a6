import { offersDeliveryChoice } from "@zhishu/shared";
import { Button } from "antd";
import { useCachedNode } from "../../entities/dnode/cache";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import type { DeliveryAction } from "./process-api";
import { useProcessAction } from "./use-process-action";

const t = zh.process;

/**
 * 接受交付 / 拒绝交付 for a delivered top-level agent process (workspace-spec 4 "AgentProcess
 * delivery_status"), for those who may edit it. "Top-level": its parent is not a process, as far as the
 * page knows; the server checks again.
 */
export function DeliveryChoice({ node, onNodes }: { node: Dnode; onNodes: (nodes: Dnode[]) => void }) {
  const parent = useCachedNode(node.parent_id ?? 0);
  if (node.permissions?.write === false || node.id <= 0) return null;
  if (!offersDeliveryChoice(node.content, parent?.type === "PROCESS")) return null;
  // Only rows that offer the choice pay for the action hook: most process rows never do.
  return <DeliveryButtons node={node} onNodes={onNodes} />;
}

function DeliveryButtons({ node, onNodes }: { node: Dnode; onNodes: (nodes: Dnode[]) => void }) {
  const { run, busy } = useProcessAction(node.id, onNodes);
  const name = node.name || zh.outliner.untitled;
  const button = (action: DeliveryAction, text: string, label: string) => (
    <Button
      size="small"
      type={action === "accept_delivery" ? "primary" : "default"}
      aria-label={label}
      loading={busy === action}
      disabled={busy !== null && busy !== action}
      onClick={() => void run(action)}
    >
      {text}
    </Button>
  );
  return (
    <span className="pr-buttons">
      {button("accept_delivery", t.acceptDelivery, t.acceptDeliveryOf(name))}
      {button("reject_delivery", t.rejectDelivery, t.rejectDeliveryOf(name))}
    </span>
  );
}
