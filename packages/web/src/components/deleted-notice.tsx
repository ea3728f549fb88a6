import { Button, Space } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import { messageOf } from "../api/messages";
import { zh } from "../i18n/zh-CN";

/** How long a delete can be taken back from its message (issue 11: 10 s); the bin keeps it 30 days. */
export const UNDO_SECONDS = 10;

let lastKey = 0;

/**
 * The message after every delete: 已删除 N 个节点 with 撤销 for 10 s. 撤销 runs `undo` (a restore from the
 * recycle bin) and says whether it worked; after the message is gone the bin still has it.
 */
export function showDeletedNotice(message: MessageInstance, count: number, undo: () => Promise<void>): void {
  const key = `deleted-${++lastKey}`;
  const takeBack = async () => {
    message.open({ key, type: "loading", content: zh.trash.restoring, duration: 0 });
    try {
      await undo();
      message.open({ key, type: "success", content: zh.trash.restored, duration: 3 });
    } catch (error) {
      message.open({ key, type: "error", content: zh.trash.restoreFailed(messageOf(error)), duration: 5 });
    }
  };
  message.open({
    key,
    type: "success",
    duration: UNDO_SECONDS,
    content: (
      <Space size={4}>
        <span>{zh.trash.deleted(count)}</span>
        <Button type="link" size="small" onClick={() => void takeBack()}>
          {zh.trash.undo}
        </Button>
      </Space>
    ),
  });
}
