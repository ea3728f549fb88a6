import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTOSCROLL_DEBOUNCE_MS,
  ChatScroller,
  SCROLL_FLAG_RESET_MS,
  SUPPRESS_AUTOSCROLL_MS,
} from "./scroll-rules";

// The list is 2000 px tall in a 500 px window: scrollTop 1500 is the bottom.
const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 2000, clientHeight: 500 });

function setup() {
  const loadOlder = vi.fn();
  const scrollToBottom = vi.fn();
  const scroller = new ChatScroller({
    loadOlder,
    scrollToBottom,
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { scroller, loadOlder, scrollToBottom };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("chat scroll rules (people-spec 9)", () => {
  it("loads older messages within 100 px of the top, not further down, and not when there are none", () => {
    const { scroller, loadOlder } = setup();
    scroller.onScroll(at(101), true);
    expect(loadOlder).not.toHaveBeenCalled();
    scroller.onScroll(at(100), false);
    expect(loadOlder).not.toHaveBeenCalled();
    scroller.onScroll(at(100), true);
    expect(loadOlder).toHaveBeenCalledTimes(1);
  });

  it("asks once while the scroll flag is set; the flag resets after 1 s", () => {
    const { scroller, loadOlder } = setup();
    scroller.onScroll(at(0), true);
    scroller.onScroll(at(10), true);
    vi.advanceTimersByTime(SCROLL_FLAG_RESET_MS - 1);
    scroller.onScroll(at(0), true);
    expect(loadOlder).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    scroller.onScroll(at(0), true);
    expect(loadOlder).toHaveBeenCalledTimes(2);
  });

  it("sticks to the bottom within 100 px: a new message scrolls down after a 100 ms debounce", () => {
    const { scroller, scrollToBottom } = setup();
    scroller.onScroll(at(1400), true); // 100 px from the bottom
    scroller.onNewMessages();
    scroller.onNewMessages();
    vi.advanceTimersByTime(AUTOSCROLL_DEBOUNCE_MS - 1);
    expect(scrollToBottom).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollToBottom).toHaveBeenCalledTimes(1);
  });

  it("leaves a reader who scrolled up where they are, unless the message is their own", () => {
    const { scroller, scrollToBottom } = setup();
    scroller.onScroll(at(1399), true); // 101 px from the bottom
    scroller.onNewMessages();
    vi.advanceTimersByTime(AUTOSCROLL_DEBOUNCE_MS);
    expect(scrollToBottom).not.toHaveBeenCalled();
    scroller.onNewMessages(true);
    vi.advanceTimersByTime(AUTOSCROLL_DEBOUNCE_MS);
    expect(scrollToBottom).toHaveBeenCalledTimes(1);
  });

  it("does not scroll by itself for 5 s after loading older messages", () => {
    const { scroller, scrollToBottom } = setup();
    scroller.onScroll(at(0), true);
    // The older page arrived; the reader is back at the bottom when a new message comes.
    scroller.onScroll(at(1500), true);
    vi.advanceTimersByTime(SUPPRESS_AUTOSCROLL_MS - 1);
    scroller.onNewMessages();
    vi.advanceTimersByTime(AUTOSCROLL_DEBOUNCE_MS);
    expect(scrollToBottom).not.toHaveBeenCalled();
    scroller.onNewMessages();
    vi.advanceTimersByTime(AUTOSCROLL_DEBOUNCE_MS);
    expect(scrollToBottom).toHaveBeenCalledTimes(1);
  });
});
