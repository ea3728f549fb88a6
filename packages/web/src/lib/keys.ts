import type { KeyboardEvent } from "react";

/**
 * Key handling shared by every editing command. An input method (Chinese pinyin, wubi …) uses Enter,
 * Space, Backspace and arrows to pick and commit characters: while a composition is open no command may
 * fire. Browsers report it differently, so all three signals count: `isComposing` (standard), keyCode
 * 229 (Chrome and Safari send it for keys the IME consumes, Safari even for the commit key after
 * compositionend), and our own compositionstart/compositionend flag.
 */
export function isImeKey(
  event: Pick<KeyboardEvent, "keyCode"> & { nativeEvent: { isComposing?: boolean } },
  composing: boolean,
): boolean {
  return composing || event.nativeEvent.isComposing === true || event.keyCode === 229;
}

/** A key with its modifiers, as a command declares it: `Alt+ArrowUp`, `Mod+ArrowDown`, `Shift+Tab`. */
export type KeyBinding = string;

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** True when the event is exactly this binding (Mod is Ctrl, or ⌘ on a Mac; extra modifiers never match). */
export function matchesKey(
  event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey">,
  binding: KeyBinding,
  mac = isMac(),
): boolean {
  const parts = binding.split("+");
  const key = parts.pop();
  const want = new Set(parts);
  const ctrl = want.has("Ctrl") || (want.has("Mod") && !mac);
  const meta = want.has("Meta") || (want.has("Mod") && mac);
  return (
    event.key === key &&
    event.altKey === want.has("Alt") &&
    event.shiftKey === want.has("Shift") &&
    event.ctrlKey === ctrl &&
    event.metaKey === meta
  );
}
