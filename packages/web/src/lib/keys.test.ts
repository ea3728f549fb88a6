import { describe, expect, it } from "vitest";
import { isImeKey, matchesKey } from "./keys";

const key = (
  k: string,
  mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey" | "shiftKey", boolean>> = {},
) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("isImeKey", () => {
  it("is true while composing by any of the three signals", () => {
    expect(isImeKey({ keyCode: 13, nativeEvent: { isComposing: true } }, false)).toBe(true);
    expect(isImeKey({ keyCode: 229, nativeEvent: { isComposing: false } }, false)).toBe(true);
    expect(isImeKey({ keyCode: 13, nativeEvent: {} }, true)).toBe(true);
  });

  it("is false for a plain key", () => {
    expect(isImeKey({ keyCode: 13, nativeEvent: { isComposing: false } }, false)).toBe(false);
  });
});

describe("matchesKey", () => {
  it("matches exact modifiers only", () => {
    expect(matchesKey(key("Tab"), "Tab")).toBe(true);
    expect(matchesKey(key("Tab", { shiftKey: true }), "Tab")).toBe(false);
    expect(matchesKey(key("Tab", { shiftKey: true }), "Shift+Tab")).toBe(true);
    expect(matchesKey(key("ArrowUp", { altKey: true }), "Alt+ArrowUp")).toBe(true);
    expect(matchesKey(key("ArrowUp", { altKey: true, shiftKey: true }), "Alt+ArrowUp")).toBe(false);
  });

  it("reads Mod as Ctrl, or ⌘ on a Mac", () => {
    expect(matchesKey(key("ArrowDown", { ctrlKey: true }), "Mod+ArrowDown", false)).toBe(true);
    expect(matchesKey(key("ArrowDown", { metaKey: true }), "Mod+ArrowDown", true)).toBe(true);
    expect(matchesKey(key("ArrowDown", { ctrlKey: true }), "Mod+ArrowDown", true)).toBe(false);
  });
});
