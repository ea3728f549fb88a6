import type { DialogueUser } from "@zhishu/shared";
import { Typography } from "antd";
import { Link } from "react-router";
import { FriendRequestCard } from "../../components/user/FriendRequestCard";
import { UserAvatar } from "../../components/user/UserAvatar";
import { messageKind, messageText } from "../../entities/dialogue/display";
import type { Dnode } from "../../entities/dnode/types";
import { relativeTime } from "../../lib/relative-time";

/**
 * One row of a dialogue (people-spec 2 "Dialogue view"): a chat bubble with the sender's avatar (mine
 * on the right), a friend-request card, or a system notice that a resource was added.
 */
export function MessageRow({
  node,
  me,
  people,
}: {
  node: Dnode;
  me: number | undefined;
  people: Map<number, DialogueUser>;
}) {
  const kind = messageKind(node);
  if (kind === "notice") {
    const target = Number(node.content.node_id);
    return (
      <li className="dlg-notice" data-message-id={node.id}>
        {Number.isInteger(target) && target > 0 ? (
          <Link to={`/data/${target}`}>{messageText(node)}</Link>
        ) : (
          messageText(node)
        )}
      </li>
    );
  }
  if (kind === "friend_request")
    return (
      <li className="dlg-card-row" data-message-id={node.id}>
        <FriendRequestCard node={node} />
      </li>
    );
  const senderId = node.creator_id ?? node.owner_id;
  const sender = people.get(senderId);
  const name = sender?.username ?? node.creator_name ?? String(senderId);
  const mine = senderId === me;
  return (
    <li className={`dlg-row${mine ? " dlg-row-mine" : ""}`} data-message-id={node.id}>
      <UserAvatar name={name} url={sender?.avatar ?? undefined} size={32} />
      <div className="dlg-bubble-col">
        <Typography.Text type="secondary" className="dlg-meta">
          {name}
          {node.created_at ? ` · ${relativeTime(node.created_at)}` : ""}
        </Typography.Text>
        <div className="dlg-bubble">{messageText(node)}</div>
      </div>
    </li>
  );
}
