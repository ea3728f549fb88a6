import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { agentIdOf, XiaoxiPage } from "./XiaoxiPage";

const ME = 7;

/** The server: find-or-create answers dialogue 40 (or `refuse` for it), the dialogue has no messages. */
function server(refuse?: { status: number; body: unknown }) {
  const logicIds: string[] = [];
  mockFetch((url, init) => {
    if (url.includes("/find-or-create-by-logic-id/")) {
      logicIds.push(JSON.parse(String(init.body)).logic_id);
      if (refuse) return refuse;
      return {
        body: { success: true, created: true, dialogue_id: 40, dialogue: { id: 40, name: "翻译助手" } },
      };
    }
    if (url.includes("/read/")) return { body: { success: true, unread_count: 0, unread_total: 0 } };
    if (url.includes("/draft/"))
      return { body: { success: true, draft_process: { id: 99, content: { text: "" }, relations: {} } } };
    if (url.includes("/dialogue/40/"))
      return {
        body: {
          success: true,
          dialogue: {
            id: 40,
            name: "翻译助手",
            dialogue_type: "user_to_ai",
            dialogue_mode: "agent",
            participants: [ME],
            participant_users: [{ id: ME, username: "alice", avatar: null }],
            created_at: "2026-01-01T00:00:00Z",
            chat_messages: [],
            chat_total: 0,
            chat_has_more: false,
            resources: [],
            conclusions: [],
            sub_dialogues: [],
            dnode: { id: 40, name: "翻译助手", type: "DIALOGUE", content: {}, relations: {} },
          },
        },
      };
    return { status: 404, body: { success: false, error: "没有", code: "NOT_FOUND" } };
  });
  return logicIds;
}

function show(url: string) {
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>
          <XiaoxiPage />
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

describe("/xiaoxi (people-spec 2)", () => {
  it("with agent_id opens the person's dialogue with that agent (UserAiChats_{me}_{agent})", async () => {
    const logicIds = server();
    show("/xiaoxi?agent_id=77");
    await screen.findByRole("textbox", { name: "消息草稿" });
    expect(logicIds).toEqual([`UserAiChats_${ME}_77`]);
    expect(await screen.findByText("暂无消息")).toBeTruthy();
  });

  it("without agent_id opens the person's own AI dialogue", async () => {
    const logicIds = server();
    show("/xiaoxi");
    await screen.findByRole("textbox", { name: "消息草稿" });
    expect(logicIds).toEqual([`UserAiChats_${ME}`]);
  });

  it("says why when the agent cannot be had, and refuses a malformed agent_id without asking", async () => {
    server({ status: 403, body: { success: false, error: "你没有权限访问该知识点", code: "FORBIDDEN" } });
    show("/xiaoxi?agent_id=77");
    expect(await screen.findByText("加载对话失败")).toBeTruthy();
    expect(screen.getByText("你没有权限访问该知识点")).toBeTruthy();
    cleanup();
    const logicIds = server();
    show("/xiaoxi?agent_id=abc");
    expect(await screen.findByText("智能体编号不正确")).toBeTruthy();
    await waitFor(() => expect(logicIds).toEqual([]));
  });

  it("reads agent_id strictly", () => {
    expect(agentIdOf(null)).toBeNull();
    expect(agentIdOf("")).toBeNull();
    expect(agentIdOf("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "x", "99999999999"]) expect(agentIdOf(bad)).toBeNaN();
  });
});
