import { SearchOutlined, TeamOutlined, UserAddOutlined } from "@ant-design/icons";
import { Alert, Button, Collapse, Flex, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { messageOf } from "../../api/messages";
import { AddFriendModal } from "../../components/user/AddFriendModal";
import { UserCard } from "../../components/user/UserCard";
import { UserSearchModal } from "../../components/user/UserSearchModal";
import { FRIENDS_PAGE_RELATIONS, type FriendsPageRelation } from "../../entities/user/api";
import { useMyUserNode } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { CreateGroupModal } from "./CreateGroupModal";
import { IncomingRequests } from "./IncomingRequests";
import { RelationList } from "./RelationList";
import { SentRequests } from "./SentRequests";
import "./people.css";

const t = zh.people;

/** Which count on one's own node belongs to which list. */
const COUNT_OF: Record<
  FriendsPageRelation,
  "friends_count" | "groups_count" | "followers_count" | "following_count"
> = {
  FRIEND: "friends_count",
  GROUP: "groups_count",
  FOLLOWER: "followers_count",
  FOLLOWING: "following_count",
};

/**
 * /friends, 我的好友 (people-spec 2, 8): one's own profile node; the friend requests waiting for one; the
 * relation entries 好友, 群组, 粉丝, 关注, each loading its list when first opened; 添加好友, 创建群组 and
 * 搜索用户.
 */
export function FriendsPage() {
  const me = useAuth((s) => s.user);
  const navigate = useNavigate();
  const mine = useMyUserNode(me !== null);
  const [opened, setOpened] = useState<string[]>([]);
  const [modal, setModal] = useState<"add" | "group" | "search" | null>(null);

  if (!me || (mine.error instanceof ApiError && mine.error.status === 401))
    return <Alert type="warning" showIcon title={t.notLoggedIn} />;

  return (
    <section className="friends-page">
      <Typography.Title level={2}>{zh.pages.friends}</Typography.Title>
      <Flex gap={8} wrap className="people-section">
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setModal("add")}>
          {t.addFriend}
        </Button>
        <Button icon={<TeamOutlined aria-hidden />} onClick={() => setModal("group")}>
          {t.createGroup}
        </Button>
        <Button icon={<SearchOutlined aria-hidden />} onClick={() => setModal("search")}>
          {t.searchUsers}
        </Button>
      </Flex>
      <section aria-label={t.myProfile} className="people-section">
        {mine.isError ? (
          <Alert type="error" showIcon title={t.loadUserFailed} description={messageOf(mine.error)} />
        ) : mine.data ? (
          <UserCard user={mine.data} size="large" />
        ) : (
          <Skeleton avatar active />
        )}
      </section>
      <IncomingRequests myId={me.id} />
      <SentRequests myId={me.id} />
      <section aria-labelledby="relations-title" className="people-section">
        <Typography.Title level={4} id="relations-title">
          {t.relations}
        </Typography.Title>
        <Collapse
          activeKey={opened}
          onChange={(keys) => setOpened(Array.isArray(keys) ? keys : [keys])}
          items={FRIENDS_PAGE_RELATIONS.map((type) => {
            const label = t.relationTypes[type];
            const count = mine.data?.content.stats[COUNT_OF[type]];
            return {
              key: type,
              label: (
                <span>
                  {label}
                  {count !== undefined && <span className="people-count">{count}</span>}
                </span>
              ),
              extra: opened.includes(type) ? null : (
                <span className="people-hint">{t.clickToLoad(label)}</span>
              ),
              // Mounted on first open only: the list is asked for when the person opens it.
              children: <RelationList userId={me.id} type={type} label={label} />,
            };
          })}
        />
      </section>
      {modal === "add" && <AddFriendModal open onClose={() => setModal(null)} />}
      {modal === "group" && <CreateGroupModal open onClose={() => setModal(null)} />}
      {modal === "search" && (
        <UserSearchModal
          open
          onCancel={() => setModal(null)}
          onOk={(users) => {
            setModal(null);
            if (users[0]) void navigate(`/user/${users[0].id}`);
          }}
        />
      )}
    </section>
  );
}
