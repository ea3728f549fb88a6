import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { MessagesPage } from "./MessagesPage";

const ME = 7;
const dialogue = (id: number, name: string, content: Record<string, unknown>) => ({
  id,
  name,
  type: "DIALOGUE",
  content: {
    dialogue_type: "user_to_user",
    participants: [ME, 8],
    participant_users: [],
    unread_count: 0,
    ...content,
  },
  parent_id: null,
  main_relation: null,
  owner_id: ME,
  relations: {},
});

function page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MessagesPage />
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

describe("我的消息 (people-spec 2, 5)", () => {
  it("lists dialogues with title, relative time, a 50-character preview and the unread count", async () => {
    const long = "长".repeat(60);
    mockFetch(() => ({
      body: {
        success: true,
        unread_total: 3,
        dialogues: [
          dialogue(1, "bob", {
            unread_count: 3,
            last_message_content: long,
            last_message_time: new Date().toISOString(),
          }),
          dialogue(2, "", { dialogue_type: "group_chat" }),
        ],
      },
    }));
    page();
    const list = await screen.findByRole("list", { name: "消息列表" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("bob")).toBeTruthy();
    expect(within(first!).getByText(`${"长".repeat(50)}…`)).toBeTruthy();
    expect(within(first!).getByRole("link").getAttribute("href")).toBe("/dialogue/1");
    expect(within(first!).getByRole("link").textContent).toContain("3 条未读");
    expect(within(first!).getAllByText("刚刚").length).toBeGreaterThan(0);
    // A blank name: the type's default title; no message: 暂无消息; nothing unread: no count.
    expect(within(second!).getByText("群聊")).toBeTruthy();
    expect(within(second!).getByRole("link").textContent).toContain("暂无消息");
    expect(within(second!).getByRole("link").textContent).not.toContain("未读");
  });

  it("an empty list offers 开始对话; the creator asks for a participant, then creates and says so", async () => {
    const created: unknown[] = [];
    mockFetch((url, init) => {
      if (url.includes("/dialogue/create/")) {
        created.push(JSON.parse(String(init.body)));
        return {
          status: 201,
          body: { success: true, message: "对话创建成功", dialogue: dialogue(5, "", {}) },
        };
      }
      return { body: { success: true, unread_total: 0, dialogues: [] } };
    });
    page();
    fireEvent.click(await screen.findByRole("button", { name: "开始对话" }));
    const modal = await screen.findByRole("dialog", { name: "新建对话" });
    fireEvent.click(within(modal).getByRole("button", { name: "创建" }));
    await screen.findByText("请选择至少一个参与者");
    expect(created).toEqual([]);
    // An AI dialogue needs nobody chosen.
    fireEvent.click(within(modal).getByRole("radio", { name: "AI对话" }));
    fireEvent.click(within(modal).getByRole("button", { name: "创建" }));
    await screen.findByText("对话创建成功");
    expect(created).toEqual([{ dialogue_type: "user_to_ai", participants: [], title: "" }]);
  });

  it("says 创建对话失败 in the server's words when it refuses, and 加载消息列表失败 when the list fails", async () => {
    mockFetch((url) =>
      url.includes("/dialogue/create/")
        ? { status: 400, body: { success: false, error: "参与者不存在", code: "BAD_REQUEST" } }
        : { body: { success: true, unread_total: 0, dialogues: [] } },
    );
    page();
    fireEvent.click(await screen.findByRole("button", { name: "开始对话" }));
    const modal = await screen.findByRole("dialog", { name: "新建对话" });
    fireEvent.click(within(modal).getByRole("radio", { name: "AI对话" }));
    fireEvent.click(within(modal).getByRole("button", { name: "创建" }));
    await screen.findByText("参与者不存在");
    cleanup();
    mockFetch(() => ({ status: 500, body: { success: false, error: "服务器出错", code: "INTERNAL" } }));
    page();
    await screen.findByText("加载消息列表失败");
  });
});
