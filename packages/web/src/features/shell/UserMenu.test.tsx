import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { UserMenu } from "./UserMenu";

afterEach(() => {
  cleanup();
  useAuth.setState({ user: null, loggedIn: false });
});

function renderMenu() {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 1 }, created_at: "" },
  });
  render(
    <Providers>
      <MemoryRouter initialEntries={["/"]}>
        <Routes>
          <Route path="/" element={<UserMenu />} />
          <Route path="/trash" element={<p>回收站页面</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe("UserMenu", () => {
  it("opens from the keyboard with ↓ on the avatar, and 回收站 goes to the recycle bin", async () => {
    renderMenu();
    const avatar = screen.getByRole("button", { name: "alice" });
    expect(avatar.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(avatar, { key: "ArrowDown" });
    const trash = await screen.findByRole("menuitem", { name: "回收站" });
    expect(screen.getByRole("menuitem", { name: "退出登录" })).toBeTruthy();
    expect(avatar.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(trash);
    expect(await screen.findByText("回收站页面")).toBeTruthy();
  });
});
