/*
 * When the early first screen (screen.ts) is on screen, so the app can start after it (main.tsx). The
 * app's first run (evaluating its modules, React's first render) holds the main thread for most of a
 * second on a small machine; drawn before it, the rows show at once, drawn after it, only when the app's
 * own rows come anyway. Kept on globalThis: the early script and the app are separate entries.
 */

/** The app waits no longer than this for the early screen (a slow answer must not hold it back). */
export const EARLY_SCREEN_WAIT_MS = 300;

const holder = globalThis as { __zhishuEarlyScreen?: Promise<void> };

/** The early script's promise: settles once the screen was drawn and painted, or will not be drawn. */
export function setEarlyScreenDrawn(drawn: Promise<unknown>): void {
  holder.__zhishuEarlyScreen = drawn.then(
    () => undefined,
    () => undefined,
  );
}

/** After the browser has painted the frame that shows what was just put in the DOM. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves when the early screen is drawn, at once where none was asked for (another page, no session),
 * and after `capMs` at the latest.
 */
export function whenEarlyScreenDrawn(capMs = EARLY_SCREEN_WAIT_MS): Promise<void> {
  const drawn = holder.__zhishuEarlyScreen;
  if (!drawn) return Promise.resolve();
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}
