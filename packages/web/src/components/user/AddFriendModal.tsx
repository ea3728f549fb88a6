import { useQueryClient } from "@tanstack/react-query";
import { GREETING_MAX_CHARS, type UserNodeJson } from "@zhishu/shared";
import { App, Form, type GetRef, Input, Modal } from "antd";
import { useRef, useState } from "react";
import { peopleError, userApi } from "../../entities/user/api";
import { refreshPeople } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { UserSearcher } from "./UserSearcher";

const t = zh.people;

/** Characters as the server counts them (code points: an emoji is one). */
const charCount = (text: string) => Array.from(text).length;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Chosen already (添加好友 from a user card). */
  initialUser?: UserNodeJson | null;
}

/**
 * 添加好友 (people-spec 5, 8): choose a user with the searcher, write an optional greeting (at most 200
 * characters, counted as typed), send. The server's refusal is shown as it words it.
 */
export function AddFriendModal({ open, onClose, initialUser = null }: Props) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const myId = useAuth((s) => s.user?.id);
  const [user, setUser] = useState<UserNodeJson | null>(initialUser);
  const [greeting, setGreeting] = useState("");
  const [missingUser, setMissingUser] = useState(false);
  const [sending, setSending] = useState(false);
  const greetingRef = useRef<GetRef<typeof Input.TextArea>>(null);

  const send = async () => {
    if (!user) {
      setMissingUser(true);
      message.warning(t.chooseFirst);
      return;
    }
    setSending(true);
    try {
      const answer = await userApi.sendFriendRequest(user.id, greeting);
      message.success(answer.message || t.requestSent);
      await refreshPeople(client);
      onClose();
    } catch (error) {
      message.error(peopleError(error, t.addFriendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t.addFriendTitle}
      okText={t.send}
      cancelText={t.cancel}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t.userLabel}
          htmlFor="add-friend-user"
          required
          validateStatus={missingUser && !user ? "error" : undefined}
          help={missingUser && !user ? t.chooseUser : undefined}
        >
          <UserSearcher
            id="add-friend-user"
            hideIds={myId === undefined ? [] : [myId]}
            isExcluded={(found) => found.relationship?.is_friend === true}
            autoFocus
            value={user}
            status={missingUser && !user ? "error" : undefined}
            onChange={(chosen) => {
              setUser(chosen);
              if (!chosen) return;
              setMissingUser(false);
              // The search box is gone once a user is chosen: the keyboard goes on to the greeting,
              // at once, so nothing typed next lands in the box being removed.
              greetingRef.current?.focus();
            }}
          />
        </Form.Item>
        <Form.Item label={t.greeting} htmlFor="add-friend-greeting">
          <Input.TextArea
            ref={greetingRef}
            id="add-friend-greeting"
            value={greeting}
            onChange={(event) => setGreeting(event.target.value)}
            placeholder={t.greetingPlaceholder}
            autoSize={{ minRows: 3, maxRows: 6 }}
            count={{
              show: true,
              max: GREETING_MAX_CHARS,
              strategy: charCount,
              exceedFormatter: (text, { max }) => Array.from(text).slice(0, max).join(""),
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
