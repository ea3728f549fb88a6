import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { NodeSearchBox } from "./NodeSearchBox";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  useAuth.setState({ user: null, loggedIn: false });
});

function renderBox() {
  return render(
    <Providers>
      <MemoryRouter initialEntries={["/"]}>
        <NodeSearchBox />
        <Routes>
          <Route path="/" element={null} />
          <Route path="/data/:id" element={<p>opened node page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const box = () => screen.getByRole("combobox", { name: "搜索或新建知识点" });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const enter = () => fireEvent.keyDown(box(), { key: "Enter", code: "Enter", keyCode: 13 });
const created = { dnode: { id: 42, name: "定义", type: "DEF" }, relation: {} };

describe("NodeSearchBox", () => {
  it("searches 300 ms after the last key, once", async () => {
    vi.useFakeTimers();
    const fetch = mockFetch(() => ({ body: [] }));
    renderBox();
    type("知");
    type("知识");
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain(`search=${encodeURIComponent("知识")}`);
  });

  it("creates a DEF node from DEF:定义 on Enter and opens it", async () => {
    const fetch = mockFetch(() => ({ body: created }));
    renderBox();
    type("DEF:定义");
    enter();
    expect(await screen.findByText("opened node page")).toBeTruthy();
    expect(await screen.findByText("已创建知识点：定义")).toBeTruthy();
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith("/dnode/create/"))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ type: "DEF", name: "定义" });
  });

  it("makes an unknown prefix a custom label when no class has that tag", async () => {
    const fetch = mockFetch((url) =>
      url.includes("classnode")
        ? { status: 404, body: { success: false, error: "不存在", code: "NOT_FOUND" } }
        : { body: created },
    );
    renderBox();
    type("读书：红楼梦");
    enter();
    await screen.findByText("opened node page");
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith("/dnode/create/"))!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      type: "NOTE",
      name: "红楼梦",
      content: { custom_prefix: "读书" },
    });
  });

  it("never creates on the Enter that ends an input-method composition", () => {
    const fetch = mockFetch(() => ({ body: created }));
    renderBox();
    fireEvent.compositionStart(box());
    type("zhishi");
    fireEvent.keyDown(box(), { key: "Enter", keyCode: 229 });
    fireEvent.keyDown(box(), { key: "Enter", keyCode: 13 });
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/dnode/create/"))).toBe(false);
  });

  it("says smart complete is not available yet, and reports a refused create with the server's reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({
      status: 400,
      body: { success: false, error: "名称不能超过2000个字符", code: "VALIDATION_ERROR" },
    }));
    renderBox();
    type("：问题");
    enter();
    expect(await screen.findByText("智能补全需要 AI 助手，目前还不可用")).toBeTruthy();
    type("NOTE:太长");
    enter();
    expect(await screen.findByText("创建知识点失败：名称不能超过2000个字符")).toBeTruthy();
  });
});

describe("NodeSearchBox, signed in", () => {
  const ROOT = 3;
  const signIn = () =>
    useAuth.setState({
      loggedIn: true,
      user: { id: 7, username: "alice", content: { user_root_node_id: ROOT }, created_at: "" },
    });
  const noTrees = { relations: [], related_nodes: [], pagination_info: { CHILD_NODE: { has_more: false } } };

  it("shows in the dropdown what Enter will do", async () => {
    mockFetch(() => ({ body: [] }));
    renderBox();
    fireEvent.focus(box());
    fireEvent.mouseDown(box());
    expect(await screen.findByText("搜索，或输入「类型:名称」回车新建")).toBeTruthy();
    type("红楼梦");
    expect(await screen.findByText("回车新建「红楼梦」，放在「快速笔记」里")).toBeTruthy();
  });

  it("puts quick notes under a 快速笔记 node, made on first use at the root and found again after", async () => {
    signIn();
    let nextId = 50;
    const fetch = mockFetch((url, init) => {
      if (url.includes("/relations_with_data/")) return { body: noTrees };
      const body = JSON.parse(String(init.body ?? "{}"));
      return { body: { dnode: { id: nextId++, name: body.name, type: body.type }, relation: {} } };
    });
    renderBox();
    type("红楼梦");
    enter();
    await screen.findByText("opened node page");
    const creates = () =>
      fetch.mock.calls
        .filter(([u]) => String(u).endsWith("/dnode/create/"))
        .map(([, i]) => JSON.parse(String((i as RequestInit).body)));
    expect(creates()).toEqual([
      { type: "DIR", name: "快速笔记", location_id: ROOT, relation_name: "USER_ROOT" },
      { type: "NOTE", name: "红楼梦", location_id: 50 },
    ]);
    type("西游记");
    enter();
    await vi.waitFor(() => expect(creates()).toHaveLength(3));
    expect(creates()[2]).toEqual({ type: "NOTE", name: "西游记", location_id: 50 });
  });

  it("uses an existing 快速笔记 node rather than making a second one", async () => {
    signIn();
    const fetch = mockFetch((url) =>
      url.includes("/relations_with_data/")
        ? { body: { ...noTrees, related_nodes: [{ id: 9, name: "快速笔记", type: "DIR" }] } }
        : { body: created },
    );
    renderBox();
    type("随手记");
    enter();
    await screen.findByText("opened node page");
    const creates = fetch.mock.calls.filter(([u]) => String(u).endsWith("/dnode/create/"));
    expect(creates).toHaveLength(1);
    expect(JSON.parse(String((creates[0]![1] as RequestInit).body)).location_id).toBe(9);
  });
});
