import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import type { Dnode } from "../../entities/dnode/types";
import { MessageList } from "./MessageList";

const message = (id: number, text: string): Dnode => ({
  id,
  name: "",
  type: "PROCESS",
  content: { xtype: "AskProcess", text },
  parent_id: 1,
  main_relation: "CHAT",
  owner_id: 8,
  creator_id: 8,
  relations: {},
});

function list(props: {
  hasMore: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  messages?: Dnode[];
}) {
  render(
    <Providers>
      <MemoryRouter>
        <MessageList
          messages={props.messages ?? [message(1, "第一条")]}
          me={7}
          people={[{ id: 8, username: "bob", avatar: null }]}
          hasMore={props.hasMore}
          loadingOlder={props.loadingOlder ?? false}
          onLoadOlder={props.onLoadOlder ?? (() => {})}
          sentTick={0}
        />
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole("log", { name: "对话消息" });
}

/** Puts the list's scroll position where the reader left it and tells the list. */
function scrollTo(box: HTMLElement, top: number, height = 2000, client = 500) {
  Object.defineProperty(box, "scrollHeight", { configurable: true, value: height });
  Object.defineProperty(box, "clientHeight", { configurable: true, value: client });
  box.scrollTop = top;
  fireEvent.scroll(box);
}

afterEach(cleanup);

describe("the message list (people-spec 2, 9)", () => {
  it("asks for older messages when scrolled within 100 px of the top, once per scroll flag", () => {
    const onLoadOlder = vi.fn();
    const box = list({ hasMore: true, onLoadOlder });
    scrollTo(box, 400);
    expect(onLoadOlder).not.toHaveBeenCalled();
    scrollTo(box, 80);
    scrollTo(box, 20);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it("does not ask when there is nothing older", () => {
    const onLoadOlder = vi.fn();
    const box = list({ hasMore: false, onLoadOlder });
    scrollTo(box, 0);
    expect(onLoadOlder).not.toHaveBeenCalled();
  });

  it("says 加载更多... while older messages load, and 暂无消息 when there are none", () => {
    list({ hasMore: true, loadingOlder: true });
    expect(screen.getByText("加载更多...")).toBeTruthy();
    cleanup();
    list({ hasMore: false, messages: [] });
    expect(screen.getByText("暂无消息")).toBeTruthy();
  });
});
