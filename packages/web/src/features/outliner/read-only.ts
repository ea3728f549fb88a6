import { App } from "antd";
import { type KeyboardEvent, useCallback } from "react";
import { zh } from "../../i18n/zh-CN";

/**
 * A reader (read-only rights) trying to type (issue 12 point 13): keys that would change a name get a
 * short message instead of silence. One message at a time however fast they type (a keyed message).
 */

const NOTICE_KEY = "outliner-read-only";

/**
 * True for a key that would change the name's text: a character, Backspace or Delete. Enter, Tab and
 * the other commands are the outliner's: they act on the list around the row, which may be writable
 * (a reference to someone else's node in one's own tree), and refuse by themselves where it is not.
 */
export function isEditingKey(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return (
    event.key.length === 1 || event.key === "Backspace" || event.key === "Delete" || event.key === "Process"
  );
}

/** Shows "you may not edit this" once per burst of keys. */
export function useReadOnlyNotice(): () => void {
  const { message } = App.useApp();
  return useCallback(() => {
    void message.open({ key: NOTICE_KEY, type: "info", content: zh.outliner.readOnlyTyping, duration: 2 });
  }, [message]);
}
