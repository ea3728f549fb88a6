import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
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

const stats = (followers = 0) => ({
  friends_count: 0,
  groups_count: 0,
  followers_count: followers,
  following_count: 0,
});

/** Opens the card's action menu and returns the labels it offers. */
async function menuOf(name: string): Promise<string[]> {
  const trigger = screen.getByRole("button", { name: `${name} 的操作` });
  fireEvent.click(trigger);
  const menus = await screen.findAllByRole("menu");
  return within(menus.at(-1)!)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
}

function choose(label: string) {
  fireEvent.click(screen.getAllByRole("menuitem", { name: label }).at(-1)!);
}

/** Chooses a menu item that asks first, and returns the confirm it opens (older ones may still be fading). */
async function chooseAndConfirm(label: string): Promise<HTMLElement> {
  const before = screen.queryAllByRole("dialog").length;
  choose(label);
  await waitFor(() => expect(screen.queryAllByRole("dialog").length).toBeGreaterThan(before));
  return screen.getAllByRole("dialog").at(-1)!;
}

/** The body of the n-th call, parsed. */
const bodyOf = (fetch: ReturnType<typeof mockFetch>, n: number) =>
  JSON.parse(String(fetch.mock.calls[n]?.[1]?.body ?? "null"));

describe("UserActions: follow, block, remove friend, leave group", () => {
  it("关注 follows, says 已关注, and the card shows the new count and offers 取消关注", async () => {
    const fetch = mockFetch((url) =>
      url === "/api/user/follow/"
        ? {
            body: {
              success: true,
              message: "已关注",
              user: userNode(8, "bob", { stats: stats(1) }, { is_following: true }),
            },
          }
        : { status: 404, body: { success: false, error: "x", code: "NOT_FOUND" } },
    );
    renderPeople(<UserCard user={userNode(8, "bob", {}, {})} />);
    expect(screen.queryByText("粉丝")).toBeNull();
    await menuOf("bob");
    choose("关注");
    expect(await screen.findByText("已关注")).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/follow/");
    expect(bodyOf(fetch, 0)).toEqual({ user_id: 8 });
    expect(screen.getByText("粉丝")).toBeTruthy();
    expect(await menuOf("bob")).toEqual(["查看资料", "添加好友", "取消关注", "拉黑"]);
  });

  it("拉黑 asks first: 取消 sends nothing; confirmed, the card offers 取消拉黑", async () => {
    const fetch = mockFetch(() => ({
      body: { success: true, message: "已拉黑", user: userNode(8, "bob", {}, { blocked: true }) },
    }));
    renderPeople(<UserCard user={userNode(8, "bob", {}, {})} />);
    await menuOf("bob");
    let dialog = await chooseAndConfirm("拉黑");
    expect(within(dialog).getAllByText("确定拉黑 bob 吗？").length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(fetch).not.toHaveBeenCalled();

    await menuOf("bob");
    dialog = await chooseAndConfirm("拉黑");
    fireEvent.click(within(dialog).getByRole("button", { name: "拉黑" }));
    expect(await screen.findByText("已拉黑")).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/block/");
    expect(await menuOf("bob")).toContain("取消拉黑");
  });

  it("删除好友 (confirmed) removes the friend and offers 添加好友 again; a refusal shows the server's words, else 删除好友失败", async () => {
    let answer: { status?: number; body?: unknown } = {
      status: 409,
      body: { success: false, error: "你们还不是好友", code: "NOT_FRIENDS" },
    };
    const fetch = mockFetch(() => answer);
    renderPeople(<UserCard user={userNode(8, "bob", {}, { is_friend: true })} />);
    expect(await menuOf("bob")).toEqual(["查看资料", "关注", "删除好友", "拉黑"]);
    const remove = async () => {
      const dialog = await chooseAndConfirm("删除好友");
      expect(within(dialog).getAllByText("确定删除好友 bob 吗？").length).toBeGreaterThan(0);
      fireEvent.click(within(dialog).getByRole("button", { name: "删除好友" }));
    };
    await remove();
    expect(await screen.findByText("你们还不是好友")).toBeTruthy();

    answer = { status: 502, body: "Bad Gateway" };
    await menuOf("bob");
    await remove();
    expect(await screen.findByText("删除好友失败")).toBeTruthy();

    answer = { body: { success: true, message: "已删除好友", user: userNode(8, "bob", {}, {}) } };
    await menuOf("bob");
    await remove();
    expect(await screen.findByText("已删除好友")).toBeTruthy();
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe("/api/user/friend/remove/");
    expect(await menuOf("bob")).toEqual(["查看资料", "添加好友", "关注", "拉黑"]);
  });

  it("退出群组 (confirmed) leaves the group, and the card offers 加入群组 again", async () => {
    const fetch = mockFetch(() => ({
      body: {
        success: true,
        message: "已退出群组",
        user: userNode(9, "读书会", { user_type: "GROUP", owner_id: 3 }, {}),
      },
    }));
    renderPeople(
      <UserCard user={userNode(9, "读书会", { user_type: "GROUP", owner_id: 3 }, { is_member: true })} />,
    );
    expect(await menuOf("读书会")).toEqual(["查看资料", "关注", "退出群组"]);
    const dialog = await chooseAndConfirm("退出群组");
    expect(within(dialog).getAllByText("确定退出群组 读书会 吗？").length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "退出群组" }));
    expect(await screen.findByText("已退出群组")).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/group/9/leave/");
    expect(await menuOf("读书会")).toEqual(["查看资料", "加入群组", "关注"]);
  });
});

describe("编辑资料", () => {
  it("is on one's own card only", () => {
    renderPeople(
      <>
        <UserCard user={userNode(7, "alice")} />
        <UserCard user={userNode(8, "bob", {}, {})} />
      </>,
    );
    expect(screen.getAllByRole("button", { name: /编辑资料/ })).toHaveLength(1);
    expect(
      within(screen.getByRole("article", { name: "alice" })).getByRole("button", { name: /编辑资料/ }),
    ).toBeTruthy();
  });

  it("saves name, description and avatar with PUT /api/user/me/; the server's refusal stays in the modal", async () => {
    let refuse = true;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/user/me/" && init.method === "PUT" && refuse) {
        refuse = false;
        return {
          status: 400,
          body: { success: false, error: "显示名称不能超过32个字符", code: "VALIDATION_ERROR" },
        };
      }
      if (url === "/api/user/me/")
        return { body: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" } };
      return { body: userNode(7, "小树", { description: "新的简介" }) };
    });
    renderPeople(<UserCard user={userNode(7, "alice", { description: "旧的简介" })} size="large" />);
    fireEvent.click(screen.getByRole("button", { name: /编辑资料/ }));
    const dialog = await screen.findByRole("dialog", { name: "编辑资料" });
    const name = within(dialog).getByLabelText("显示名称") as HTMLInputElement;
    const description = within(dialog).getByLabelText("个人简介") as HTMLTextAreaElement;
    expect(name.value).toBe("");
    expect(description.value).toBe("旧的简介");
    fireEvent.change(name, { target: { value: " 小树 " } });
    fireEvent.change(description, { target: { value: "新的简介" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "头像地址" }), {
      target: { value: "/api/media/a.png" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await within(dialog).findByText("显示名称不能超过32个字符")).toBeTruthy();
    const put = fetch.mock.calls.findIndex(([, init]) => init?.method === "PUT");
    expect(bodyOf(fetch, put)).toEqual({
      content: { display_name: "小树", description: "新的简介", avatar_url: "/api/media/a.png" },
    });

    fireEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await screen.findByText("资料已保存")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "编辑资料" })).toBeNull());
  });

  it("an uploaded image becomes the avatar URL; a file that is not an image is refused before any upload", async () => {
    const fetch = mockFetch((url) =>
      url === "/api/upload/"
        ? { body: { image_path: "a.png", original_name: "me.png", url: "/api/media/a.png" } }
        : { body: userNode(7, "alice") },
    );
    const { container } = renderPeople(<UserCard user={userNode(7, "alice")} />);
    fireEvent.click(screen.getByRole("button", { name: /编辑资料/ }));
    const dialog = await screen.findByRole("dialog", { name: "编辑资料" });
    const picker = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await within(dialog).findByText("请选择图片文件")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(picker, { target: { files: [new File(["x"], "me.png", { type: "image/png" })] } });
    const avatar = within(dialog).getByRole("textbox", { name: "头像地址" }) as HTMLInputElement;
    await waitFor(() => expect(avatar.value).toBe("/api/media/a.png"));
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/upload/");
    const form = fetch.mock.calls[0]?.[1]?.body;
    expect(form instanceof FormData && form.get("image")).toBeInstanceOf(File);
  });
});
