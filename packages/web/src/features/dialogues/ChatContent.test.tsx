import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import type { Dnode } from "../../entities/dnode/types";
import { useAuth } from "../../stores/auth";
import { ChatContent, chatViewOf } from "./ChatContent";

const message = (content: Record<string, unknown>, creator = 7): Dnode => ({
  id: 30,
  name: "",
  type: "PROCESS",
  content: { xtype: "AskProcess", dialogue_id: 40, ...content },
  parent_id: null,
  main_relation: null,
  owner_id: creator,
  creator_id: creator,
  creator_name: "alice",
  relations: {},
});

const show = (node: Dnode) =>
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ChatContent node={node} />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the chat content view and the DRAFTDNODE view (workspace-spec 2)", () => {
  it("picks the view by node: chat for messages, asks and replies; draft for a draft; none otherwise", () => {
    expect(chatViewOf(message({ self_status: "completed" }))).toBe("chat");
    expect(chatViewOf(message({ self_status: "draft" }))).toBe("draft");
    expect(chatViewOf(message({}))).toBe("draft");
    expect(chatViewOf({ type: "ASK", content: {} })).toBe("chat");
    expect(chatViewOf({ type: "REPLY", content: {} })).toBe("chat");
    expect(chatViewOf({ type: "PROCESS", content: { xtype: "AskProcess" } })).toBeNull();
    expect(chatViewOf({ type: "NOTE", content: {} })).toBeNull();
  });

  it("shows a sent message as a bubble with its delegate status and a way back to its dialogue", () => {
    show(message({ self_status: "completed", delegate_status: "completed", text: "你好" }));
    expect(screen.getByText("你好")).toBeTruthy();
    expect(screen.getByText("代理完成")).toBeTruthy();
    expect(screen.getByRole("link", { name: "在对话中查看" }).getAttribute("href")).toBe("/dialogue/40");
  });

  it("names a draft and its dialogue, and tells its writer where to edit it (the 草稿 view)", () => {
    show(message({ self_status: "draft", text: "写了一半" }));
    expect(screen.getByText("草稿")).toBeTruthy();
    expect(screen.getByText("在下方的视图切换中选「草稿」即可编辑并发送")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "消息草稿" })).toBeNull();
    cleanup();
    show(message({ self_status: "draft" }, 8));
    expect(screen.queryByText("在下方的视图切换中选「草稿」即可编辑并发送")).toBeNull();
    expect(screen.getByRole("link", { name: "在对话中查看" })).toBeTruthy();
  });
});
