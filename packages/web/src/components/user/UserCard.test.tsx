import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { CARD_AVATAR_COLORS, HEADER_AVATAR_COLORS } from "@zhishu/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { cardActions, shownStats } from "./card-rules";
import { SendMessageContext } from "./send-message";
import { UserCard } from "./UserCard";

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuth.setState({ user: null, loggedIn: false });
});

/** Opens the card's action menu and returns the labels it offers. */
async function menuOf(name: string): Promise<string[]> {
  fireEvent.click(screen.getByRole("button", { name: `${name} 的操作` }));
  const menu = await screen.findByRole("menu");
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
}

describe("shownStats and cardActions (people-spec 2 card rules)", () => {
  it("hides zero counts and keeps the spec's order", () => {
    expect(shownStats({ friends_count: 0, groups_count: 2, followers_count: 0, following_count: 5 })).toEqual(
      [
        { key: "groups_count", value: 2 },
        { key: "following_count", value: 5 },
      ],
    );
    expect(shownStats(undefined)).toEqual([]);
  });

  it("offers 加入群组 for groups, 添加好友 for people, neither to oneself, friends, members, people with an open request or AI users", () => {
    const stranger = userNode(8, "bob", {}, {});
    expect(cardActions(stranger, 7, false)).toEqual(["view", "addFriend", "follow", "block"]);
    expect(cardActions(userNode(8, "bob", {}, { is_friend: true }), 7, false)).toEqual([
      "view",
      "follow",
      "removeFriend",
      "block",
    ]);
    expect(cardActions(userNode(8, "bob", {}, { pending_request_id: 50 }), 7, false)).toEqual([
      "view",
      "follow",
      "block",
    ]);
    expect(cardActions(userNode(9, "读书会", { user_type: "GROUP" }, {}), 7, false)).toEqual([
      "view",
      "join",
      "follow",
    ]);
    expect(cardActions(userNode(9, "读书会", { user_type: "GROUP" }, { is_member: true }), 7, false)).toEqual(
      ["view", "follow", "leave"],
    );
    expect(cardActions(userNode(10, "小知", { user_type: "AI" }, {}), 7, false)).toEqual(["view", "follow"]);
    expect(cardActions(userNode(7, "alice"), 7, true)).toEqual(["view"]);
    expect(cardActions(stranger, 7, true)).toEqual(["view", "message", "addFriend", "follow", "block"]);
  });

  it("offers 取消关注 once following, 取消拉黑 once blocked, no 关注 to someone who blocked one, no 退出群组 to the owner", () => {
    expect(cardActions(userNode(8, "bob", {}, { is_following: true }), 7, false)).toEqual([
      "view",
      "addFriend",
      "unfollow",
      "block",
    ]);
    expect(cardActions(userNode(8, "bob", {}, { blocked: true }), 7, false)).toEqual([
      "view",
      "addFriend",
      "follow",
      "unblock",
    ]);
    expect(cardActions(userNode(8, "bob", {}, { blocked_by: true }), 7, false)).toEqual([
      "view",
      "addFriend",
      "block",
    ]);
    const owned = userNode(9, "读书会", { user_type: "GROUP", owner_id: 7 }, { is_member: true });
    expect(cardActions(owned, 7, false)).toEqual(["view", "follow"]);
  });
});

describe("UserCard", () => {
  it("shows the initial on one of the five card colours, the type label, description and only non-zero counts", () => {
    const { container } = renderPeople(
      <UserCard
        user={userNode(
          9,
          "读书会",
          {
            user_type: "GROUP",
            description: "每周读一本书",
            stats: { friends_count: 0, groups_count: 0, followers_count: 3, following_count: 0 },
          },
          {},
        )}
      />,
    );
    expect(screen.getByRole("link", { name: "读书会" }).getAttribute("href")).toBe("/user/9");
    expect(screen.getByText("群组")).toBeTruthy();
    expect(screen.getByText("每周读一本书")).toBeTruthy();
    expect(screen.getByText("粉丝")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    expect(screen.queryByText("好友")).toBeNull();
    expect(screen.queryByText("关注")).toBeNull();
    const avatar = container.querySelector(".ant-avatar") as HTMLElement;
    expect(avatar.textContent).toBe("读");
    const colour = avatar.style.backgroundColor;
    const asRgb = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
    };
    expect(CARD_AVATAR_COLORS.map(asRgb)).toContain(colour);
    // The header's sixth colour is never a card colour.
    expect(asRgb(HEADER_AVATAR_COLORS[5])).not.toBe(colour);
  });

  it("labels persons 个人用户 and AI users AI用户", () => {
    renderPeople(
      <>
        <UserCard user={userNode(8, "bob", {}, {})} />
        <UserCard user={userNode(10, "小知", { user_type: "AI" }, {})} />
      </>,
    );
    expect(screen.getByText("个人用户")).toBeTruthy();
    expect(screen.getByText("AI用户")).toBeTruthy();
  });

  it("menu: 查看资料 opens the profile; 发消息 is not offered until dialogues provide it", async () => {
    renderPeople(<UserCard user={userNode(8, "bob", {}, {})} />);
    expect(await menuOf("bob")).toEqual(["查看资料", "添加好友", "关注", "拉黑"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "查看资料" }));
    expect(await screen.findByText("用户资料页")).toBeTruthy();
  });

  it("menu: 发消息 appears once a handler is provided, and hands it the user", async () => {
    const open = vi.fn();
    renderPeople(
      <SendMessageContext value={open}>
        <UserCard user={userNode(8, "bob", {}, {})} />
      </SendMessageContext>,
    );
    expect(await menuOf("bob")).toEqual(["查看资料", "发消息", "添加好友", "关注", "拉黑"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "发消息" }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));
  });

  it("menu: 加入群组 joins the group and says so in the server's words; a refusal is shown as the server words it", async () => {
    let joined = false;
    const fetch = mockFetch(() => {
      if (joined)
        return { status: 409, body: { success: false, error: "你已在该群组中", code: "ALREADY_MEMBER" } };
      joined = true;
      return {
        body: { success: true, message: "已加入群组", user: userNode(9, "读书会", { user_type: "GROUP" }) },
      };
    });
    renderPeople(<UserCard user={userNode(9, "读书会", { user_type: "GROUP" }, {})} />);
    expect(await menuOf("读书会")).toEqual(["查看资料", "加入群组", "关注"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "加入群组" }));
    expect(await screen.findByText("已加入群组")).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/group/9/join/");
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("POST");
    await menuOf("读书会");
    fireEvent.click(screen.getAllByRole("menuitem", { name: "加入群组" }).at(-1)!);
    expect(await screen.findByText("你已在该群组中")).toBeTruthy();
  });

  it("menu: 添加好友 opens the add-friend modal with that user already chosen", async () => {
    renderPeople(<UserCard user={userNode(8, "bob", {}, {})} />);
    await menuOf("bob");
    fireEvent.click(screen.getByRole("menuitem", { name: "添加好友" }));
    const dialog = await screen.findByRole("dialog", { name: "添加好友" });
    expect(within(dialog).getByRole("link", { name: "查看 bob 的资料" }).getAttribute("href")).toBe(
      "/user/8",
    );
  });
});
