import { useSyncExternalStore } from "react";

/**
 * One 1 s clock for every running timer on screen (workspace-spec 4 "Timer refreshes every second"). A
 * setInterval per row would mean hundreds of timers in a long list; this one runs only while at least
 * one timer listens, and each tick re-renders only the timers subscribed to it.
 */

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscription = () => () => undefined;
const current = () => now;

/** How many timers listen now (tests check that stopped rows let the clock stop). */
export const tickerListeners = () => listeners.size;

/**
 * The current time in ms, re-rendering every second while `running`; when not running the component
 * is never woken by the clock and reads the time of its own render.
 */
export function useNow(running: boolean): number {
  // The subscription only wakes the component; the time itself is read fresh, so a timer that just
  // mounted shows the right second before the first tick.
  useSyncExternalStore(running ? subscribe : noSubscription, current);
  return Date.now();
}
