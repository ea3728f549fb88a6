import type { HookAPI } from "antd/es/modal/useModal";
import { zh } from "../i18n/zh-CN";

/**
 * Asks before a delete that takes more than one row or a whole subtree (删除 N 个节点？). Resolves true
 * to go on; Escape, 取消 or closing resolve false. The focus starts on 取消, so Enter does not delete.
 */
export function confirmDelete(modal: HookAPI, title: string, detail: string = zh.trash.confirmDeleteHint) {
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title,
      content: detail,
      okText: zh.trash.confirmOk,
      okButtonProps: { danger: true },
      cancelText: zh.trash.confirmCancel,
      autoFocusButton: "cancel",
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
