import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { renderPeople, userNode } from "../../test-support/user";
import { CreateGroupModal } from "./CreateGroupModal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nameBox = () => screen.getByRole("textbox", { name: "群组名称" });
const create = () => fireEvent.click(screen.getByRole("button", { name: "创建" }));

describe("CreateGroupModal", () => {
  it("needs a name (请输入群组名称), not a description", async () => {
    const fetch = mockFetch(() => ({ body: {} }));
    renderPeople(<CreateGroupModal open onClose={() => {}} />);
    fireEvent.change(nameBox(), { target: { value: "   " } });
    create();
    expect(await screen.findByText("请输入群组名称")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("creates the group with its description and says 群组创建成功", async () => {
    const onClose = vi.fn();
    const fetch = mockFetch(() => ({
      status: 201,
      body: { success: true, message: "群组创建成功", group: userNode(20, "读书会", { user_type: "GROUP" }) },
    }));
    renderPeople(<CreateGroupModal open onClose={onClose} />);
    fireEvent.change(nameBox(), { target: { value: " 读书会 " } });
    fireEvent.change(screen.getByRole("textbox", { name: "群组简介" }), { target: { value: "每周一本" } });
    create();
    expect(await screen.findByText("群组创建成功")).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/user/group/");
    expect(JSON.parse(String(init?.body))).toEqual({ group_name: "读书会", description: "每周一本" });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal as it words it, else 创建群组失败", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { success: false, error: "该名称已被使用", code: "GROUP_NAME_TAKEN" },
    };
    mockFetch(() => answer);
    const onClose = vi.fn();
    renderPeople(<CreateGroupModal open onClose={onClose} />);
    fireEvent.change(nameBox(), { target: { value: "bob" } });
    create();
    expect(await screen.findByText("该名称已被使用")).toBeTruthy();
    answer = { status: 500 };
    create();
    expect(await screen.findByText("创建群组失败")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
