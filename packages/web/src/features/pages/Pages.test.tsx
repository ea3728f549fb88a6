import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { RequireLogin } from "./Pages";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useAuth.setState({ user: null, loggedIn: false });
});

describe("a page that needs a login, opened signed out", () => {
  it("asks to log in right there and then shows the page itself", async () => {
    useAuth.setState({ user: null, loggedIn: false });
    mockFetch(() => ({
      body: { access: "a", refresh: "r", user: { id: 1, username: "alice", content: {} } },
    }));
    render(
      <Providers>
        <RequireLogin>
          <p>监督学习</p>
        </RequireLogin>
      </Providers>,
    );
    expect(screen.getByText("请先登录")).toBeTruthy();
    expect(screen.queryByText("监督学习")).toBeNull();
    fireEvent.change(screen.getByLabelText("用户名"), { target: { value: "alice" } });
    fireEvent.change(screen.getByLabelText("密码"), { target: { value: "correct horse" } });
    fireEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("监督学习")).toBeTruthy();
    expect(screen.queryByText("请先登录")).toBeNull();
  });
});
