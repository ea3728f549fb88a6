import { EditOutlined, MoreOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import type { UserNodeJson } from "@zhishu/shared";
import { App, Button, Dropdown, Flex } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { messageOf } from "../../api/messages";
import { type UserActionAnswer, userApi } from "../../entities/user/api";
import { refreshPeople, userKeys } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { AddFriendModal } from "./AddFriendModal";
import { type CardAction, cardActions } from "./card-rules";
import { EditProfileModal } from "./EditProfileModal";
import { useSendMessage } from "./send-message";

const t = zh.people;

const LABELS: Record<CardAction, string> = {
  view: t.viewProfile,
  message: t.sendMessage,
  join: t.joinGroup,
  addFriend: t.addFriend,
  follow: t.follow,
  unfollow: t.unfollow,
  removeFriend: t.removeFriend,
  leave: t.leaveGroup,
  block: t.block,
  unblock: t.unblock,
};

/** The calls that answer the user's new node, with their "…失败" fallback and whether they ask first. */
type Changing = Exclude<CardAction, "view" | "message" | "addFriend">;
const CHANGES: Record<
  Changing,
  { call: (id: number) => Promise<UserActionAnswer>; failed: string; confirm?: (name: string) => string }
> = {
  join: { call: userApi.joinGroup, failed: t.joinFailed },
  follow: { call: (id) => userApi.toggle("follow", id), failed: t.followFailed },
  unfollow: { call: (id) => userApi.toggle("unfollow", id), failed: t.unfollowFailed },
  block: { call: (id) => userApi.toggle("block", id), failed: t.blockFailed, confirm: t.blockConfirm },
  unblock: { call: (id) => userApi.toggle("unblock", id), failed: t.unblockFailed },
  removeFriend: { call: userApi.removeFriend, failed: t.removeFriendFailed, confirm: t.removeFriendConfirm },
  leave: { call: userApi.leaveGroup, failed: t.leaveFailed, confirm: t.leaveConfirm },
};

interface Props {
  user: UserNodeJson;
  /** The user's node as the server answered a change (the card shows it until its own data is as new). */
  onChanged?: (user: UserNodeJson) => void;
}

/**
 * The user card's action menu (people-spec 2): 查看资料, 发消息, 加入群组 or 添加好友, and what changes how
 * one stands to the user — 关注 / 取消关注, 删除好友, 退出群组, 拉黑 / 取消拉黑 (see card-rules). On one's own
 * card, 编辑资料. Destructive changes ask first; after each, every people query is read again.
 */
export function UserActions({ user, onChanged }: Props) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const myId = useAuth((s) => s.user?.id);
  const sendMessage = useSendMessage();
  const [opened, setOpened] = useState<"add" | "edit" | null>(null);

  const change = async (action: Changing) => {
    const { call, failed } = CHANGES[action];
    try {
      const answer = await call(user.id);
      message.success(answer.message);
      client.setQueryData(userKeys.node(user.id), answer.user);
      onChanged?.(answer.user);
      await refreshPeople(client);
    } catch (error) {
      message.error(messageOf(error, failed));
    }
  };
  const ask = (action: Changing) => {
    const confirm = CHANGES[action].confirm;
    if (!confirm) return void change(action);
    // Not antd's red "danger" look: white on its red fails WCAG AA contrast (axe).
    // Opened after the key that chose the menu item is done: an Enter would otherwise go on to press
    // the confirm's focused OK button at once, and 拉黑 / 删除好友 would happen unasked.
    setTimeout(() =>
      modal.confirm({
        title: confirm(user.name),
        content: action === "block" ? t.blockExplained : undefined,
        okText: LABELS[action],
        cancelText: t.cancel,
        onOk: () => change(action),
      }),
    );
  };
  const run = (action: CardAction) => {
    if (action === "view") void navigate(`/user/${user.id}`);
    else if (action === "message") sendMessage?.(user);
    else if (action === "addFriend") setOpened("add");
    else ask(action);
  };

  return (
    <Flex gap={4} align="start">
      {user.id === myId && (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => setOpened("edit")}>
          {t.editProfile}
        </Button>
      )}
      <Dropdown
        trigger={["click"]}
        // Opened from the keyboard, the menu takes the focus, so ↓ / ↑ and Enter work at once.
        autoFocus
        menu={{
          items: cardActions(user, myId, sendMessage !== null).map((action) => ({
            key: action,
            label: LABELS[action],
          })),
          onClick: ({ key }) => run(key as CardAction),
        }}
        placement="bottomRight"
      >
        <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={t.actionsOf(user.name)} />
      </Dropdown>
      {opened === "add" && <AddFriendModal open initialUser={user} onClose={() => setOpened(null)} />}
      {opened === "edit" && <EditProfileModal open user={user} onClose={() => setOpened(null)} />}
    </Flex>
  );
}
