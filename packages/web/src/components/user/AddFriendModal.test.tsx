import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { AddFriendModal } from "./AddFriendModal";

const bob = userNode(8, "bob", { description: "喜欢历史" }, {});

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuth.setState({ user: null, loggedIn: false });
});

/** Answers the search with bob and the request with `request` (the body, or an error). */
function server(
  request: { status?: number; body?: unknown } = {
    status: 201,
    body: { success: true, message: "好友请求已发送", process_id: 50 },
  },
) {
  return mockFetch((url) => (url.startsWith("/api/user/search/") ? { body: [bob] } : request));
}

async function chooseBob() {
  const box = screen.getByRole("combobox", { name: "搜索用户" });
  fireEvent.change(box, { target: { value: "bo" } });
  fireEvent.click(await screen.findByText("bob", { selector: ".user-option" }, { timeout: 2000 }));
}

const sendButton = () => screen.getByRole("button", { name: "发送请求" });
const greetingBox = () => screen.getByRole("textbox", { name: "问候语" });

describe("AddFriendModal", () => {
  it("finds a user by the searcher (20 at most), then shows a link to their profile and a clear control", async () => {
    const fetch = server();
    renderPeople(<AddFriendModal open onClose={() => {}} />);
    await chooseBob();
    const link = await screen.findByRole("link", { name: "查看 bob 的资料" });
    expect(link.getAttribute("href")).toBe("/user/8");
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/search/?q=bo&limit=20");
    fireEvent.click(screen.getByRole("button", { name: "清除选择" }));
    expect(screen.queryByRole("link", { name: "查看 bob 的资料" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "搜索用户" })).toBeTruthy();
  });

  it("refuses to send before a user is chosen, with both of the spec's texts", async () => {
    const fetch = server();
    renderPeople(<AddFriendModal open onClose={() => {}} />);
    fireEvent.click(sendButton());
    expect(await screen.findByText("请先选择要添加的用户")).toBeTruthy();
    expect(screen.getByText("请选择要添加的用户")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("counts the greeting to 200 characters (an emoji is one) and sends it with the chosen user", async () => {
    const fetch = server();
    const onClose = vi.fn();
    renderPeople(<AddFriendModal open onClose={onClose} />);
    expect(screen.getByText("0 / 200")).toBeTruthy();
    await chooseBob();
    fireEvent.change(greetingBox(), { target: { value: "你好😀" } });
    expect(screen.getByText("3 / 200")).toBeTruthy();
    fireEvent.change(greetingBox(), { target: { value: "长".repeat(230) } });
    expect((greetingBox() as HTMLTextAreaElement).value).toBe("长".repeat(200));
    expect(screen.getByText("200 / 200")).toBeTruthy();
    fireEvent.change(greetingBox(), { target: { value: "我是 alice" } });
    fireEvent.click(sendButton());
    expect(await screen.findByText("好友请求已发送")).toBeTruthy();
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(String(url)).toBe("/api/user/friend/request/");
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 8, greeting_message: "我是 alice" });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal verbatim and stays open", async () => {
    server({
      status: 409,
      body: { success: false, error: "你们之间已有一个待处理的好友请求", code: "FRIEND_REQUEST_OPEN" },
    });
    const onClose = vi.fn();
    renderPeople(<AddFriendModal open onClose={onClose} initialUser={bob} />);
    fireEvent.click(sendButton());
    expect(await screen.findByText("你们之间已有一个待处理的好友请求")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 添加好友失败 when the server gives no reason", async () => {
    mockFetch(() => ({ status: 502 }));
    renderPeople(<AddFriendModal open onClose={() => {}} initialUser={bob} />);
    fireEvent.click(sendButton());
    expect(await screen.findByText("添加好友失败")).toBeTruthy();
  });

  it("leaves oneself out of the results and shows friends as 已存在, not choosable", async () => {
    mockFetch(() => ({
      body: [userNode(7, "alice", {}), userNode(9, "bobby", {}, { is_friend: true }), bob],
    }));
    renderPeople(<AddFriendModal open onClose={() => {}} />);
    fireEvent.change(screen.getByRole("combobox", { name: "搜索用户" }), { target: { value: "b" } });
    const friend = await screen.findByText("bobby", { selector: ".user-option" }, { timeout: 2000 });
    expect(friend.textContent).toContain("已存在");
    expect(friend.closest(".ant-select-item-option")?.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("bob", { selector: ".user-option" }).textContent).not.toContain("已存在");
    expect(screen.queryByText("alice", { selector: ".user-option" })).toBeNull();
    fireEvent.click(friend);
    expect(screen.queryByRole("link", { name: "查看 bobby 的资料" })).toBeNull();
  });

  it("lists users without a match as 没有找到这个用户, and a failed search as 搜索失败", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = false;
    mockFetch(() => (fail ? { status: 500, body: { success: false, error: "x", code: "X" } } : { body: [] }));
    renderPeople(<AddFriendModal open onClose={() => {}} />);
    const box = screen.getByRole("combobox", { name: "搜索用户" });
    fireEvent.change(box, { target: { value: "nobody" } });
    expect(await screen.findByText("没有找到这个用户", {}, { timeout: 2000 })).toBeTruthy();
    fail = true;
    fireEvent.change(box, { target: { value: "nobody2" } });
    expect(await screen.findByText("搜索失败", {}, { timeout: 2000 })).toBeTruthy();
    expect(within(document.body).queryByText("bob")).toBeNull();
  });
});
