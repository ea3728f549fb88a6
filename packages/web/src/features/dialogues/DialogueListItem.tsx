import { Badge, Typography } from "antd";
import { Link } from "react-router";
import { UserAvatar } from "../../components/user/UserAvatar";
import type { DialogueNode } from "../../entities/dialogue/api";
import { avatarOf, dialogueTitle, messagePreview } from "../../entities/dialogue/display";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";

const t = zh.dialogues;

/** One dialogue in 我的消息 (people-spec 2): avatar, title, relative time, preview, unread badge. */
export function DialogueListItem({ node, me }: { node: DialogueNode; me: number | undefined }) {
  const avatar = avatarOf(node, me);
  const unread = node.content.unread_count ?? 0;
  const time = node.content.last_message_time ?? node.content.created_time ?? node.created_at;
  const title = dialogueTitle(node);
  return (
    <li className="dlg-item">
      <Link to={`/dialogue/${node.id}`} className="dlg-item-link">
        <Badge count={unread} size="small" title={t.unread(unread)}>
          <UserAvatar name={avatar.name} url={avatar.url} size={40} />
        </Badge>
        <div className="dlg-item-body">
          <div className="dlg-item-top">
            <Typography.Text strong ellipsis className="dlg-item-title">
              {title}
            </Typography.Text>
            {time && (
              <Typography.Text type="secondary" className="dlg-item-time">
                {relativeTime(time)}
              </Typography.Text>
            )}
          </div>
          <Typography.Text type="secondary" className="dlg-item-preview">
            {messagePreview(node.content.last_message_content)}
          </Typography.Text>
        </div>
        {unread > 0 && <span className="dlg-sr">{t.unread(unread)}</span>}
      </Link>
    </li>
  );
}
