import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../api/test-helpers";
import { Providers } from "../../app/Providers";
import { NodeSearchBox } from "./NodeSearchBox";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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
