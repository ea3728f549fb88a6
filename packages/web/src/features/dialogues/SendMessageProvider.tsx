import { App } from "antd";
import type { ReactNode } from "react";
import { messageOf } from "../../api/messages";
import { SendMessageContext } from "../../components/user/send-message";
import { useOpenDialogueWith } from "../../entities/dialogue/open-dialogue";
import { zh } from "../../i18n/zh-CN";

/** Gives every user card its 发消息: the user-to-user dialogue with that person, found or made, opened. */
export function SendMessageProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const open = useOpenDialogueWith();
  return (
    <SendMessageContext
      value={(user) => {
        open(user.id).catch((error) => {
          console.error(error);
          message.error(messageOf(error, zh.dialogues.startFailed));
        });
      }}
    >
      {children}
    </SendMessageContext>
  );
}
