import { App } from "antd";
import { type KeyboardEvent, useCallback } from "react";
import { zh } from "../../i18n/zh-CN";

/**
 * A reader (read-only rights) trying to type (issue 12 point 13): keys that would change a name get a
 * short message instead of silence. One message at a time however fast they type (a keyed message).
 */

const NOTICE_KEY = "outliner-read-only";

/** True for a key that edits text: a character, Backspace, Delete, Enter, or cutting and pasting. */
export function isEditingKey(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (mod) return !event.altKey && ["x", "v", "z", "y"].includes(event.key.toLowerCase());
  if (event.altKey) return false;
  return event.key.length === 1 || ["Backspace", "Delete", "Enter", "Process"].includes(event.key);
}

/** Shows "you may not edit this" once per burst of keys. */
export function useReadOnlyNotice(): () => void {
  const { message } = App.useApp();
  return useCallback(() => {
    void message.open({ key: NOTICE_KEY, type: "info", content: zh.outliner.readOnlyTyping, duration: 2 });
  }, [message]);
}
