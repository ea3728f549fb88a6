import { Badge, Typography } from "antd";
import { Link } from "react-router";
import { UserAvatar } from "../../components/user/UserAvatar";
import type { DialogueNode } from "../../entities/dialogue/api";
import { avatarOf, dialogueTitle, messagePreview } from "../../entities/dialogue/display";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";

const t = zh.dialogues;

/**
 * One dialogue in 我的消息 (people-spec 2): avatar, title, relative time, preview, unread badge. The
 * whole row is the link; what is not the title is spoken through one screen-reader line (`sr-only`),
 * so the tab the link opens is named by the title alone (the workspace names tabs by visible link text).
 */
export function DialogueListItem({ node, me }: { node: DialogueNode; me: number | undefined }) {
  const avatar = avatarOf(node, me);
  const unread = node.content.unread_count ?? 0;
  const time = node.content.last_message_time ?? node.content.created_time ?? node.created_at;
  const when = time ? relativeTime(time) : "";
  const title = dialogueTitle(node);
  const preview = messagePreview(node.content.last_message_content);
  return (
    <li className="dlg-item">
      <Link to={`/dialogue/${node.id}`} className="dlg-item-link">
        <span aria-hidden="true" className="dlg-item-avatar">
          <Badge count={unread} size="small" title={t.unread(unread)}>
            <UserAvatar name={avatar.name} url={avatar.url} size={40} />
          </Badge>
        </span>
        <span className="dlg-item-body">
          <span className="dlg-item-top">
            <Typography.Text strong ellipsis className="dlg-item-title">
              {title}
            </Typography.Text>
            <Typography.Text type="secondary" className="dlg-item-time" aria-hidden="true">
              {when}
            </Typography.Text>
          </span>
          <Typography.Text type="secondary" className="dlg-item-preview" aria-hidden="true">
            {preview}
          </Typography.Text>
        </span>
        <span className="sr-only">
          {[when, preview, unread > 0 ? t.unread(unread) : ""].filter(Boolean).join("，")}
        </span>
      </Link>
    </li>
  );
}
