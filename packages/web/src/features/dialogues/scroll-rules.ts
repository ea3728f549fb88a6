/**
 * The chat page's scroll rules (people-spec 9): older messages load when the reader scrolls within
 * 100 px of the top; after loading more, automatic scrolling is off for 5 s (the reader is reading old
 * messages); the loading flag resets after 1 s; the list sticks to the bottom when the reader is within
 * 100 px of it; automatic scrolling is debounced by 100 ms. Pure timing logic with its clock and timers
 * injected, so the rules are tested without a browser and without waiting.
 */
export const LOAD_MORE_THRESHOLD_PX = 100;
export const STICK_TO_BOTTOM_PX = 100;
export const SUPPRESS_AUTOSCROLL_MS = 5000;
export const SCROLL_FLAG_RESET_MS = 1000;
export const AUTOSCROLL_DEBOUNCE_MS = 100;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export interface ScrollerDeps {
  /** Asks for the next older page; the scroller does not wait for it. */
  loadOlder(): void;
  /** Scrolls the list to its bottom. */
  scrollToBottom(): void;
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const isNearTop = (m: ScrollMetrics) => m.scrollTop <= LOAD_MORE_THRESHOLD_PX;
export const isNearBottom = (m: ScrollMetrics) =>
  m.scrollHeight - m.scrollTop - m.clientHeight <= STICK_TO_BOTTOM_PX;

export class ChatScroller {
  /** Set while an older page is being asked for; reset 1 s later so the next one can go. */
  private loadingFlag = false;
  private suppressUntil = 0;
  private atBottom = true;
  private debounce: unknown = null;
  private flagTimer: unknown = null;

  constructor(private readonly deps: ScrollerDeps) {}

  /** The reader scrolled: near the top with more to load asks for older messages (at most once a second). */
  onScroll(metrics: ScrollMetrics, hasMore: boolean): void {
    this.atBottom = isNearBottom(metrics);
    if (!hasMore || this.loadingFlag || !isNearTop(metrics)) return;
    this.loadingFlag = true;
    this.suppressUntil = this.deps.now() + SUPPRESS_AUTOSCROLL_MS;
    this.flagTimer = this.deps.setTimeout(() => {
      this.loadingFlag = false;
    }, SCROLL_FLAG_RESET_MS);
    this.deps.loadOlder();
  }

  /** True when an automatic scroll may happen now. */
  autoScrollAllowed(): boolean {
    return this.deps.now() >= this.suppressUntil;
  }

  /**
   * Messages were added at the end (a new one, the first page): scroll down, debounced, if the reader
   * was at the bottom (or `force`, the reader's own message) and no older page was just loaded.
   */
  onNewMessages(force = false): void {
    if (!force && (!this.atBottom || !this.autoScrollAllowed())) return;
    if (this.debounce !== null) this.deps.clearTimeout(this.debounce);
    this.debounce = this.deps.setTimeout(() => {
      this.debounce = null;
      this.deps.scrollToBottom();
      this.atBottom = true;
    }, AUTOSCROLL_DEBOUNCE_MS);
  }

  dispose(): void {
    if (this.debounce !== null) this.deps.clearTimeout(this.debounce);
    if (this.flagTimer !== null) this.deps.clearTimeout(this.flagTimer);
  }
}
