import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { LoginForm } from "./LoginForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("LoginForm", () => {
  it("asks for username and password with the spec's texts, and shows email only in register mode", async () => {
    render(
      <Providers>
        <LoginForm />
      </Providers>,
    );
    expect(screen.queryByLabelText("邮箱")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("请输入用户名！")).toBeTruthy();
    expect(await screen.findByText("请输入密码！")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "还没有账号？注册" }));
    expect(screen.getByLabelText("邮箱")).toBeTruthy();
    expect(screen.getByRole("button", { name: "注册" })).toBeTruthy();
  });

  it("shows the server's message when the login is refused", async () => {
    mockFetch(() => ({
      status: 401,
      body: { success: false, error: "用户名或密码错误", code: "LOGIN_FAILED" },
    }));
    render(
      <Providers>
        <LoginForm />
      </Providers>,
    );
    fireEvent.change(screen.getByLabelText("用户名"), { target: { value: "alice" } });
    fireEvent.change(screen.getByLabelText("密码"), { target: { value: "wrong-password" } });
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    await waitFor(() => expect(screen.getByText("用户名或密码错误")).toBeTruthy());
  });
});
