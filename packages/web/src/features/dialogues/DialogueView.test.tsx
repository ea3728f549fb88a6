import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { DialogueView } from "./DialogueView";

const ME = 7;
const BOB = 8;
const node = (id: number, creator: number, content: Record<string, unknown>, name = "") => ({
  id,
  name,
  type: content.system_action ? "NOTE" : "PROCESS",
  content,
  parent_id: 40,
  main_relation: "CHAT",
  owner_id: creator,
  creator_id: creator,
  created_at: `2026-01-01T00:00:0${id % 10}Z`,
  relations: {},
});

function record(mode: string, messages: unknown[], unread = 0) {
  const people = [
    { id: ME, username: "alice", avatar: null },
    { id: BOB, username: "bob", avatar: null },
  ];
  return {
    success: true,
    dialogue: {
      id: 40,
      name: "bob",
      dialogue_type: "user_to_user",
      dialogue_mode: mode,
      participants: [ME, BOB],
      participant_users: people,
      created_at: "2026-01-01T00:00:00Z",
      chat_messages: messages,
      chat_total: messages.length,
      chat_has_more: false,
      resources: [],
      conclusions: [],
      sub_dialogues: [],
      dnode: {
        ...node(40, ME, { dialogue_type: "user_to_user", unread_count: unread }, "bob"),
        type: "DIALOGUE",
      },
    },
  };
}

function show() {
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DialogueView dialogueId={40} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: ME, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the dialogue view (people-spec 2)", () => {
  it("shows bubbles with their senders, mine apart, and a resource notice linking the node; opening it reads it", async () => {
    const read: string[] = [];
    mockFetch((url) => {
      if (url.includes("/read/")) {
        read.push(url);
        return { body: { success: true, unread_count: 0, unread_total: 0 } };
      }
      if (url.includes("/draft/"))
        return { body: { success: true, draft_process: node(99, ME, { text: "" }) } };
      return {
        body: record(
          "friend",
          [
            node(1, BOB, { xtype: "AskProcess", text: "你好" }),
            node(2, ME, { xtype: "AskProcess", text: "你也好" }),
            node(3, BOB, { system_action: "resource_added", node_id: 77, text: "添加了资料：笔记" }),
          ],
          2,
        ),
      };
    });
    show();
    const theirs = (await screen.findByText("你好")).closest("li");
    const mine = screen.getByText("你也好").closest("li");
    expect(theirs?.className).not.toContain("dlg-row-mine");
    expect(mine?.className).toContain("dlg-row-mine");
    expect(theirs?.textContent).toContain("bob");
    expect(screen.getByRole("link", { name: "添加了资料：笔记" }).getAttribute("href")).toBe("/data/77");
    expect(await screen.findByRole("textbox", { name: "消息草稿" })).toBeTruthy();
    await waitFor(() => expect(read).toHaveLength(1));
  });

  it("a blocked dialogue says so and offers no editor", async () => {
    mockFetch(() => ({ body: record("blocked", []) }));
    show();
    await screen.findByText("此对话已被拉黑，无法发送消息");
    expect(screen.getByText("暂无消息")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "消息草稿" })).toBeNull();
  });

  it("a stranger dialogue shows 陌生人对话 with the reason, and no editor", async () => {
    mockFetch((url) =>
      url.includes("/dialogue/")
        ? { body: record("stranger", []) }
        : { status: 404, body: { success: false } },
    );
    show();
    await screen.findByText("陌生人对话");
    expect(screen.getByText("你们还不是好友，只能发送好友请求消息")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "消息草稿" })).toBeNull();
  });

  it("says 加载中... while the dialogue loads and the server's reason when it refuses", async () => {
    mockFetch(() => ({
      status: 403,
      body: { success: false, error: "你不是该对话的参与者，无法查看或发送消息", code: "FORBIDDEN" },
    }));
    show();
    expect(screen.getByText("加载中...")).toBeTruthy();
    await screen.findByText("你不是该对话的参与者，无法查看或发送消息");
  });
});
