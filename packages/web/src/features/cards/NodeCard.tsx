import { DeleteOutlined, LockOutlined } from "@ant-design/icons";
import { NODE_TYPE_LABELS, type NodeType } from "@zhishu/shared";
import { Button, Card, Tag, Typography } from "antd";
import { useNavigate } from "react-router";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";
import { useLiveNode } from "../../realtime/shown";
import { cardPreview } from "./card-preview";
import "./node-card.css";

interface NodeCardProps {
  node: Dnode & { locked?: boolean; is_public?: boolean };
  /** When given, a delete button shows on hover or keyboard focus (home: remove from home). */
  onDelete?: (node: Dnode) => void;
}

/** A node as a 240 px card (workspace-spec 2): type, name, a 50-character preview; a click opens it. */
export function NodeCard({ node: loaded, onDelete }: NodeCardProps) {
  // What the page loaded, or the cache's newer copy (a rename made elsewhere shows here too).
  const node = useLiveNode(loaded);
  const navigate = useNavigate();
  const name = node.locked ? zh.card.locked : node.name || zh.card.untitled;
  const label =
    NODE_TYPE_LABELS[node.type as NodeType] ?? (node.content?.custom_prefix as string | undefined);
  const open = () => navigate(`/data/${node.id}`);
  return (
    <Card
      className="node-card"
      hoverable
      size="small"
      role="link"
      tabIndex={0}
      aria-label={zh.card.open(name)}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) open();
      }}
    >
      <div className="node-card-head">
        {node.locked && <LockOutlined />}
        {label && <Tag className="node-card-type">{label}</Tag>}
        <Typography.Text strong ellipsis className="node-card-name">
          {name}
        </Typography.Text>
        {onDelete && (
          <Button
            className="node-card-delete"
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={zh.card.delete}
            onClick={(event) => {
              event.stopPropagation();
              onDelete(node);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          />
        )}
      </div>
      <Typography.Paragraph type="secondary" className="node-card-preview">
        {node.locked ? "" : cardPreview(node.content)}
      </Typography.Paragraph>
      {node.updated_at && !node.locked && (
        <Typography.Text type="secondary" className="node-card-time">
          {relativeTime(node.updated_at)}
        </Typography.Text>
      )}
    </Card>
  );
}
