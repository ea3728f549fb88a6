import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { UserSearchModal, type UserSearchModalProps } from "./UserSearchModal";

const found = [
  userNode(
    8,
    "bob",
    { stats: { friends_count: 2, groups_count: 0, followers_count: 0, following_count: 0 } },
    {},
  ),
  userNode(9, "读书会", { user_type: "GROUP" }, {}),
  userNode(10, "carol", {}, {}),
];

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

function open(props: Partial<UserSearchModalProps> = {}) {
  const onOk = vi.fn();
  const fetch = mockFetch(() => ({ body: found }));
  renderPeople(<UserSearchModal open onOk={onOk} onCancel={() => {}} {...props} />);
  return { onOk, fetch };
}

const search = (text: string) =>
  fireEvent.change(screen.getByRole("searchbox", { name: "搜索用户" }), { target: { value: text } });
const pick = (name: string) =>
  screen.findByLabelText(
    `选择 ${name}`,
    { selector: "input" },
    { timeout: 2000 },
  ) as Promise<HTMLInputElement>;
const ok = () => fireEvent.click(screen.getByRole("button", { name: "确定" }));

describe("UserSearchModal", () => {
  it("shows found users as cards and chooses one at a time by default", async () => {
    const { onOk, fetch } = open();
    search("b");
    const bob = await pick("bob");
    expect(bob.getAttribute("type")).toBe("radio");
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/search/?q=b&limit=20");
    expect(screen.getByText("群组")).toBeTruthy();
    expect(screen.getByText("好友")).toBeTruthy();
    fireEvent.click(bob);
    fireEvent.click(await pick("carol"));
    expect((await pick("bob")).checked).toBe(false);
    ok();
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ id: 10 })]);
  });

  it("with multiple, gathers several users, across searches too", async () => {
    const { onOk } = open({ multiple: true });
    search("b");
    fireEvent.click(await pick("bob"));
    fireEvent.click(await pick("carol"));
    expect(screen.getByText("已选择 2 位")).toBeTruthy();
    search("c");
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: "选择 carol" }) as HTMLInputElement).checked).toBe(true),
    );
    ok();
    expect(onOk.mock.calls[0]?.[0].map((u: { id: number }) => u.id)).toEqual([8, 10]);
  });

  it("shows excluded users with 已存在 and does not let them be chosen", async () => {
    const { onOk } = open({ excludeIds: [8] });
    search("b");
    const bob = await pick("bob");
    expect(bob.disabled).toBe(true);
    expect(screen.getByText("已存在")).toBeTruthy();
    fireEvent.click(bob);
    ok();
    expect(await screen.findByText("请选择至少一个用户")).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it("clears the results when the query is emptied, without asking the server", async () => {
    const { fetch } = open();
    search("b");
    await pick("bob");
    const asked = fetch.mock.calls.length;
    search("");
    expect(screen.queryByRole("radio", { name: "选择 bob" })).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(fetch.mock.calls.length).toBe(asked);
  });

  it("warns 请选择至少一个用户 on OK with nobody chosen, and says 搜索失败 when the search fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onOk = vi.fn();
    mockFetch(() => ({ status: 500, body: { success: false, error: "服务器错误", code: "INTERNAL" } }));
    renderPeople(<UserSearchModal open onOk={onOk} onCancel={() => {}} />);
    ok();
    expect(await screen.findByText("请选择至少一个用户")).toBeTruthy();
    search("b");
    expect(await screen.findByText("搜索失败", {}, { timeout: 2000 })).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it("asks for as many users as its caller says (10 in the dialogue creator)", async () => {
    const { fetch } = open({ limit: 10 });
    search("b");
    await pick("bob");
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/user/search/?q=b&limit=10");
  });
});
