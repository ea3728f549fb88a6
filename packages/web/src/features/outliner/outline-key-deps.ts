import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { zh } from "../../i18n/zh-CN";
import type { ControllerDeps } from "./core";

const PROGRESS_KEY = "outline-paste";

/** The node page's notices for copying and pasting rows: a short info, a lasting progress, a question. */
export function outlineKeyDeps(
  message: MessageInstance,
  modal: HookAPI,
): Pick<ControllerDeps, "info" | "progress" | "ask"> {
  return {
    info: (text) => void message.info(text),
    progress: (text) => {
      if (text === null) message.destroy(PROGRESS_KEY);
      else void message.loading({ key: PROGRESS_KEY, content: text, duration: 0 });
    },
    ask: (title, detail, ok) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content: detail,
          okText: ok,
          cancelText: zh.trash.confirmCancel,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  };
}
