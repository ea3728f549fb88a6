import { avatarColor, avatarInitial, CARD_AVATAR_COLORS } from "@zhishu/shared";
import { Avatar, Card, Flex, Statistic, Tag, Typography } from "antd";
import { zh } from "../../i18n/zh-CN";

export interface UserCardData {
  id: number;
  name: string;
  userType?: string;
  description?: string;
  avatarUrl?: string;
  stats?: Partial<Record<keyof typeof zh.profile.stats, number>>;
}

/**
 * The user card of people-spec 2: avatar (or the initial on one of five colours), name, type label,
 * description and the non-zero stats.
 */
export function UserCard({ user }: { user: UserCardData }) {
  const type = user.userType ?? "PERSON";
  const stats = Object.entries(zh.profile.stats).filter(
    ([key]) => (user.stats?.[key as keyof typeof zh.profile.stats] ?? 0) > 0,
  );
  return (
    <Card style={{ maxWidth: 560 }}>
      <Flex gap={16} align="center">
        <Avatar
          size={64}
          src={user.avatarUrl || undefined}
          style={{ backgroundColor: avatarColor(user.name, CARD_AVATAR_COLORS), fontSize: 28, flex: "none" }}
        >
          {avatarInitial(user.name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Typography.Title level={3} style={{ margin: 0 }}>
              {user.name}
            </Typography.Title>
            <Tag>{zh.profile.userTypes[type] ?? type}</Tag>
          </Flex>
          {user.description && (
            <Typography.Paragraph type="secondary">{user.description}</Typography.Paragraph>
          )}
        </div>
      </Flex>
      {stats.length > 0 && (
        <Flex gap={32} style={{ marginTop: 16 }}>
          {stats.map(([key, label]) => (
            <Statistic key={key} title={label} value={user.stats?.[key as keyof typeof zh.profile.stats]} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
