import type { KeyboardEvent } from "react";
import { isImeKey } from "../../lib/keys";

/**
 * people-spec 5: Enter alone sends; Enter with Shift, Ctrl, Alt or Meta does not (a new line), and an
 * input method's Enter (committing a composition) never does (lib/keys.ts).
 */
export function isSendKey(
  event: Pick<KeyboardEvent, "key" | "keyCode" | "shiftKey" | "ctrlKey" | "altKey" | "metaKey"> & {
    nativeEvent: { isComposing?: boolean };
  },
  composing: boolean,
): boolean {
  if (event.key !== "Enter" || isImeKey(event, composing)) return false;
  return !(event.shiftKey || event.ctrlKey || event.altKey || event.metaKey);
}
