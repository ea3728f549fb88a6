import { Badge } from "antd";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { useDialogueList } from "./dialogue-list";

/** 我的消息 in the header with the reader's unread total (issue 17 point 11). */
export function MessagesNavLabel() {
  const loggedIn = useAuth((s) => s.loggedIn);
  const list = useDialogueList(loggedIn);
  const unread = list.data?.unread_total ?? 0;
  return (
    <Badge count={unread} size="small" offset={[8, -2]} title={zh.dialogues.unread(unread)}>
      <span>{zh.nav.myMessages}</span>
    </Badge>
  );
}
