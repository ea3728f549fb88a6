import { useSyncExternalStore } from "react";

/** Below this width the header's links no longer fit beside the search box and the avatar. */
export const NARROW_QUERY = "(max-width: 767.98px)";

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener?.("change", onChange);
  return () => list.removeEventListener?.("change", onChange);
};

/** True while the window is narrower than 768 px; follows resizes. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}
