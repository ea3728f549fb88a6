import type { UserNodeJson } from "@zhishu/shared";
import { Flex, Tag, Typography } from "antd";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { shownStats } from "./card-rules";
import { UserAvatar } from "./UserAvatar";

const t = zh.people;

interface Props {
  user: UserNodeJson;
  /** `title` on a profile, `link` in lists, `text` where the row itself is a control (search results). */
  nameAs?: "title" | "link" | "text";
  avatarSize?: number;
}

/**
 * What a user card shows (people-spec 2): avatar or initial, name, type label, description and the
 * non-zero counts (好友, 群组, 粉丝, 关注).
 */
export function UserSummary({ user, nameAs = "link", avatarSize = 40 }: Props) {
  const myId = useAuth((s) => s.user?.id);
  const type = user.content.user_type;
  const stats = shownStats(user.content.stats);
  return (
    <>
      <UserAvatar name={user.name} url={user.content.avatar_url} size={avatarSize} />
      <div className="user-card-body">
        <Flex gap={8} align="center" wrap>
          {nameAs === "title" ? (
            <Typography.Title level={3} style={{ margin: 0 }}>
              {user.name}
            </Typography.Title>
          ) : nameAs === "link" ? (
            <Link to={`/user/${user.id}`} className="user-card-name">
              {user.name}
            </Link>
          ) : (
            <span className="user-card-name">{user.name}</span>
          )}
          <Tag>{t.userTypes[type] ?? type}</Tag>
          {user.id === myId && <Tag color="green">{t.you}</Tag>}
        </Flex>
        {user.content.description && (
          <Typography.Paragraph type="secondary" className="user-card-description" ellipsis={{ rows: 2 }}>
            {user.content.description}
          </Typography.Paragraph>
        )}
        {stats.length > 0 && (
          <dl className="user-card-stats">
            {stats.map((stat) => (
              <div key={stat.key}>
                <dt>{t.stats[stat.key]}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </>
  );
}
