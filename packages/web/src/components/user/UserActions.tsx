import { MoreOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import type { UserNodeJson } from "@zhishu/shared";
import { App, Button, Dropdown } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { peopleError, userApi } from "../../entities/user/api";
import { refreshPeople } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { AddFriendModal } from "./AddFriendModal";
import { type CardAction, cardActions } from "./card-rules";
import { useSendMessage } from "./send-message";

const t = zh.people;

const LABELS: Record<CardAction, string> = {
  view: t.viewProfile,
  message: t.sendMessage,
  join: t.joinGroup,
  addFriend: t.addFriend,
};

/** The user card's action menu (people-spec 2): 查看资料, 发消息, 加入群组 or 添加好友 (see card-rules). */
export function UserActions({ user }: { user: UserNodeJson }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const myId = useAuth((s) => s.user?.id);
  const sendMessage = useSendMessage();
  const [adding, setAdding] = useState(false);

  const join = async () => {
    try {
      const answer = await userApi.joinGroup(user.id);
      message.success(answer.message);
      await refreshPeople(client);
    } catch (error) {
      message.error(peopleError(error, t.joinFailed));
    }
  };
  const run = (action: CardAction) => {
    if (action === "view") void navigate(`/user/${user.id}`);
    else if (action === "message") sendMessage?.(user);
    else if (action === "join") void join();
    else setAdding(true);
  };

  return (
    <>
      <Dropdown
        trigger={["click"]}
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
      {adding && <AddFriendModal open initialUser={user} onClose={() => setAdding(false)} />}
    </>
  );
}
