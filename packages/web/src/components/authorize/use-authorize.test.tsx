import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { useAuthorize } from "./use-authorize";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let result: Promise<boolean> | undefined;
function Probe({ nodeId, target }: { nodeId?: number; target?: { id: number; name: string } }) {
  const authorize = useAuthorize();
  return (
    <button type="button" onClick={() => (result = authorize(nodeId, target))}>
      试试
    </button>
  );
}
const run = (nodeId?: number, target?: { id: number; name: string }) => {
  render(
    <Providers>
      <Probe nodeId={nodeId} target={target} />
    </Providers>,
  );
  fireEvent.click(screen.getByRole("button", { name: "试试" }));
};

describe("useAuthorize", () => {
  it("needs a node and a person: 缺少必要参数", async () => {
    run(undefined, { id: 8, name: "bob" });
    expect(await screen.findByText("缺少必要参数")).toBeTruthy();
    expect(await result).toBe(false);
  });

  it("passes at once when the person already has access", async () => {
    mockFetch(() => ({ body: { has_permission: true, can_grant: false } }));
    run(10, { id: 8, name: "bob" });
    expect(await result).toBe(true);
  });

  it("says so when the caller cannot grant", async () => {
    mockFetch(() => ({ body: { has_permission: false, can_grant: false } }));
    run(10, { id: 8, name: "bob" });
    expect(await screen.findByText("您没有权限访问该知识点，且无法为用户 bob 授权")).toBeTruthy();
    expect(await result).toBe(false);
  });

  it("treats a failed check as no permission, with 权限检查失败 when the server says nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => {
      throw new TypeError("network down");
    });
    run(10, { id: 8, name: "bob" });
    expect(await result).toBe(false);
    expect(await screen.findByText("权限检查失败")).toBeTruthy();
    cleanup();
    mockFetch(() => ({
      status: 403,
      body: {
        success: false,
        error: "你没有权限访问该知识点，请联系知识树的主人授权访问",
        code: "FORBIDDEN",
      },
    }));
    run(10, { id: 8, name: "bob" });
    expect(await result).toBe(false);
    expect(await screen.findByText("你没有权限访问该知识点，请联系知识树的主人授权访问")).toBeTruthy();
  });

  it("offers 授权访问 when the caller can grant, and grants the chosen level", async () => {
    const fetch = mockFetch((url) =>
      url.includes("check-permission")
        ? { body: { has_permission: false, can_grant: true } }
        : { body: { success: true, anchor_id: 9, grant: {} } },
    );
    run(10, { id: 8, name: "bob" });
    expect((await screen.findAllByText("授权访问")).length).toBeGreaterThan(0);
    expect(screen.getByText("用户 bob 没有访问该知识点的权限")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "可写权限" }));
    fireEvent.click(screen.getByRole("button", { name: "授权" }));
    expect(await result).toBe(true);
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith("/anchor-auth/manage/"))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      dnode_id: 10,
      user_id: 8,
      auth_type: "write",
    });
    await waitFor(() => expect(screen.getByText("授权成功")).toBeTruthy());
  });

  it("reports a refused grant with the server's reason, else 授权失败", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch((url) =>
      url.includes("check-permission")
        ? { body: { has_permission: false, can_grant: true } }
        : {
            status: 403,
            body: { success: false, error: "只有知识树的主人或管理员可以授权", code: "FORBIDDEN" },
          },
    );
    run(10, { id: 8, name: "bob" });
    fireEvent.click(await screen.findByRole("button", { name: "授权" }));
    expect(await result).toBe(false);
    expect(await screen.findByText("只有知识树的主人或管理员可以授权")).toBeTruthy();
  });
});
