import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { Home } from "./Home";

const ROOT = 3;
const card = (id: number, name: string, mainHere = true) => ({
  id,
  name,
  type: "DIR",
  content: {},
  parent_id: mainHere ? ROOT : 99,
  main_relation: mainHere ? "USER_ROOT" : "CHILD_NODE",
  owner_id: 7,
  relations: {},
});
const page = (nodes: ReturnType<typeof card>[]) => ({
  relations: nodes.map((n, i) => ({
    id: 100 + i,
    xnode: ROOT,
    ynode: n.id,
    relation_name: "USER_ROOT",
    yorder: i,
    xorder: 0,
  })),
  related_nodes: nodes,
  pagination_info: { USER_ROOT: { page: 1, page_size: 200, total: nodes.length, has_more: false } },
});

beforeEach(() => {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: ROOT }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderHome() {
  return render(
    <Providers>
      <MemoryRouter>
        <Home />
      </MemoryRouter>
    </Providers>,
  );
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

describe("Home", () => {
  it("shows the three round buttons and the user's tree cards in order", async () => {
    const fetch = mockFetch(() => ({ body: page([card(10, "历史"), card(11, "数学")]) }));
    renderHome();
    for (const name of ["种一棵知识树", "我的根节点", "我的收藏"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(await screen.findByText("历史")).toBeTruthy();
    expect(screen.getAllByRole("link").map((l) => l.getAttribute("aria-label"))).toEqual([
      "打开「历史」",
      "打开「数学」",
    ]);
    expect(String(fetch.mock.calls[0]![0])).toContain(
      `/api/dnode/${ROOT}/relations_with_data/?relation_names=USER_ROOT`,
    );
  });

  it("lists the trees shared with me under my own, in a section 分享给我的", async () => {
    mockFetch((url) => {
      if (url.includes("/public-anchors/"))
        return { body: { results: [{ ...card(30, "宋史"), owner_id: 8 }], total: 1 } };
      if (url.includes("/user/8")) return { body: { id: 8, username: "bob", content: {} } };
      return { body: page([card(10, "历史")]) };
    });
    renderHome();
    const shared = await screen.findByRole("region", { name: "分享给我的" });
    expect(within(shared).getByText("宋史")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "我的知识树",
      "分享给我的",
    ]);
  });

  it("reorders by drag: moves with relation kind USER_ROOT before the card dropped on, and says it saved", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/dnode/move")
        ? { body: { relations: [] } }
        : { body: page([card(10, "历史"), card(11, "数学"), card(12, "物理")]) },
    );
    renderHome();
    await screen.findByText("物理");
    fireEvent.dragStart(screen.getByTestId("home-card-12"), {
      dataTransfer: { setData() {}, effectAllowed: "" },
    });
    fireEvent.drop(screen.getByTestId("home-card-10"));
    expect(await screen.findByText("排序已保存")).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith("/dnode/move"))!;
    expect(bodyOf(init as RequestInit)).toMatchObject({
      moved_nodes_ids: [12],
      target_node_id: ROOT,
      old_relationName: "USER_ROOT",
      new_relationName: "USER_ROOT",
      before_node_id: 10,
      old_side: "y",
      new_side: "y",
    });
    expect(screen.getAllByRole("link").map((l) => l.getAttribute("aria-label"))).toEqual([
      "打开「物理」",
      "打开「历史」",
      "打开「数学」",
    ]);
  });

  it("reloads the saved order when the move fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let loads = 0;
    mockFetch((url) => {
      if (url.endsWith("/dnode/move"))
        return { status: 403, body: { success: false, error: "x", code: "FORBIDDEN" } };
      if (url.includes("/relations_with_data/")) loads++;
      return { body: page([card(10, "历史"), card(11, "数学")]) };
    });
    renderHome();
    await screen.findByText("数学");
    fireEvent.dragStart(screen.getByTestId("home-card-11"), {
      dataTransfer: { setData() {}, effectAllowed: "" },
    });
    fireEvent.drop(screen.getByTestId("home-card-10"));
    expect(await screen.findByText("保存排序失败")).toBeTruthy();
    await waitFor(() => expect(loads).toBe(2));
    await waitFor(() =>
      expect(screen.getAllByRole("link").map((l) => l.getAttribute("aria-label"))).toEqual([
        "打开「历史」",
        "打开「数学」",
      ]),
    );
  });

  it("plants a tree under the user root and shows its card", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/dnode/create/")
        ? { body: { dnode: card(20, "新树"), relation: {} } }
        : { body: page([]) },
    );
    renderHome();
    expect(await screen.findByText(/还没有知识树/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "种一棵知识树" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: "概念" }));
    fireEvent.change(within(dialog).getByLabelText("名称"), { target: { value: " 新树 " } });
    fireEvent.change(within(dialog).getByLabelText("说明"), { target: { value: "一段说明" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "种下" }));
    expect(await screen.findByText("已种下「新树」")).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith("/dnode/create/"))!;
    expect(bodyOf(init as RequestInit)).toEqual({
      type: "CONCEPT",
      name: "新树",
      content: { text: "一段说明" },
      location_id: ROOT,
      relation_name: "USER_ROOT",
    });
    expect(screen.getByRole("link", { name: "打开「新树」" })).toBeTruthy();
  });

  it("asks for a name before planting", async () => {
    mockFetch(() => ({ body: page([]) }));
    renderHome();
    fireEvent.click(screen.getByRole("button", { name: "种一棵知识树" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "种下" }));
    expect(await screen.findByText("请输入名称！")).toBeTruthy();
  });

  it("takes a card off home at once without asking (the tree stays), and 撤销 brings it back", async () => {
    let atHome = [card(10, "历史"), card(30, "引用", false)];
    const fetch = mockFetch((url) => {
      if (url.includes("remove-relation")) {
        atHome = atHome.filter((c) => c.id !== 10);
        return { body: { success: true } };
      }
      if (url.includes("/dnode/refer")) {
        atHome = [...atHome, card(10, "历史")];
        return { body: [card(10, "历史")] };
      }
      return { body: page(atHome) };
    });
    renderHome();
    await screen.findByText("历史");
    fireEvent.click(within(screen.getByTestId("home-card-10")).getByRole("button", { name: "删除" }));
    expect(await screen.findByText("已从首页移除")).toBeTruthy();
    expect(screen.queryByText("历史")).toBeNull();
    const removal = fetch.mock.calls.find(([u]) => String(u).includes("remove-relation"));
    // Only the card's USER_ROOT link goes: nothing is deleted.
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({ relation_name: "USER_ROOT", y_node_id: 10 });
    expect(fetch.mock.calls.some(([u]) => String(u).includes("delete_batch"))).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "撤销" }));
    expect(await screen.findByText("历史")).toBeTruthy();
  });

  it("says so when the user has no root", () => {
    useAuth.setState({
      user: { id: 7, username: "alice", content: { user_root_node_id: null }, created_at: "" },
    });
    mockFetch(() => ({ body: page([]) }));
    renderHome();
    expect(screen.getByText("无法获取用户根节点")).toBeTruthy();
  });
});
