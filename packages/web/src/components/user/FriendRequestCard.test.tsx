import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Dnode } from "../../entities/dnode/types";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { FriendRequestCard } from "./FriendRequestCard";

const ALICE = 7;
const BOB = 8;

/** A FriendRequestProcess from alice to bob, open unless `over` says otherwise. */
const request = (over: Record<string, unknown> = {}, version = 1): Dnode => ({
  id: 50,
  name: "alice 请求添加 bob 为好友",
  type: "PROCESS",
  content: {
    xtype: "FriendRequestProcess",
    requester_id: ALICE,
    target_user_id: BOB,
    request_type: "friend_request",
    self_status: "delegated",
    greeting_message: "你好，我是 alice",
    ...over,
  },
  parent_id: null,
  main_relation: null,
  owner_id: ALICE,
  version,
  relations: {},
  permissions: { read: true, write: false, admin: false },
});

const signIn = (id: number, username: string) =>
  useAuth.setState({
    loggedIn: true,
    user: { id, username, content: { user_root_node_id: 1 }, created_at: "" },
  });

const people = (url: string) =>
  url.includes(`user_id=${ALICE}`) ? userNode(ALICE, "alice", {}, {}) : userNode(BOB, "bob", {}, {});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuth.setState({ user: null, loggedIn: false });
});

describe("FriendRequestCard", () => {
  beforeEach(() => signIn(BOB, "bob"));

  it("offers the target 接受 and 拒绝 while open; accepting says 好友请求已接受 and shows 已接受", async () => {
    const fetch = mockFetch((url) =>
      url.includes("call_action")
        ? {
            body: {
              success: true,
              message: "好友请求已接受",
              dnodes: [request({ self_status: "completed", result: "accepted" }, 2)],
              deleted_dnode_ids: [],
            },
          }
        : { body: people(url) },
    );
    const onChanged = vi.fn();
    renderPeople(<FriendRequestCard node={request()} onChanged={onChanged} />);
    expect(await screen.findByText("alice 请求添加你为好友")).toBeTruthy();
    expect(screen.getByText("你好，我是 alice")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "接受" }));
    expect(await screen.findByText("好友请求已接受")).toBeTruthy();
    expect(await screen.findByText("已接受")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "接受" })).toBeNull();
    expect(screen.queryByRole("button", { name: "拒绝" })).toBeNull();
    const action = fetch.mock.calls.find(([u]) => String(u).includes("call_action"));
    expect(String(action?.[0])).toBe("/api/dnode/call_action/50/accept_friend");
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ version: 2 }));
  });

  it("rejecting says 好友请求已拒绝 and shows 已拒绝", async () => {
    mockFetch((url) =>
      url.includes("call_action")
        ? {
            body: {
              success: true,
              message: "好友请求已拒绝",
              dnodes: [request({ self_status: "completed", result: "rejected" }, 2)],
              deleted_dnode_ids: [],
            },
          }
        : { body: people(url) },
    );
    renderPeople(<FriendRequestCard node={request()} />);
    fireEvent.click(await screen.findByRole("button", { name: "拒绝" }));
    expect(await screen.findByText("好友请求已拒绝")).toBeTruthy();
    expect(screen.getByText("已拒绝")).toBeTruthy();
  });

  it("shows the server's refusal, else 接受好友请求失败 / 拒绝好友请求失败, and keeps the buttons", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { success: false, error: "该好友请求已处理", code: "FRIEND_REQUEST_HANDLED" },
    };
    mockFetch((url) => (url.includes("call_action") ? answer : { body: people(url) }));
    renderPeople(<FriendRequestCard node={request()} />);
    fireEvent.click(await screen.findByRole("button", { name: "接受" }));
    expect(await screen.findByText("该好友请求已处理")).toBeTruthy();
    answer = { status: 500 };
    // (jsdom never ends antd's loading-icon animation, so the icon's "loading" stays in the name.)
    fireEvent.click(await screen.findByRole("button", { name: /接受$/ }));
    expect(await screen.findByText("接受好友请求失败")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: /拒绝$/ }));
    expect(await screen.findByText("拒绝好友请求失败")).toBeTruthy();
  });

  it("shows a decided request as 已接受 / 已拒绝 with no buttons", async () => {
    mockFetch((url) => ({ body: people(url) }));
    renderPeople(<FriendRequestCard node={request({ self_status: "completed", result: "rejected" })} />);
    expect(await screen.findByText("已拒绝")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "拒绝" })).toBeNull();
  });

  it("says 打开用户资料失败 when the other person's profile cannot be read", async () => {
    mockFetch(() => ({ status: 404, body: { success: false, error: "用户不存在", code: "USER_NOT_FOUND" } }));
    renderPeople(<FriendRequestCard node={request()} />);
    expect(await screen.findByText("打开用户资料失败")).toBeTruthy();
  });
});

describe("FriendRequestCard for the requester", () => {
  it("shows whom it was sent to and that it waits, without 接受 or 拒绝", async () => {
    signIn(ALICE, "alice");
    mockFetch((url) => ({ body: people(url) }));
    renderPeople(<FriendRequestCard node={request()} />);
    expect(await screen.findByText("你请求添加 bob 为好友")).toBeTruthy();
    expect(screen.getByText("等待对方处理")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "接受" })).toBeNull();
  });
});
