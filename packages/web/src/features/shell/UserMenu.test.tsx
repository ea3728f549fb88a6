import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { CARD_AVATAR_COLORS, HEADER_AVATAR_COLORS } from "@zhishu/shared";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { UserMenu } from "./UserMenu";

afterEach(() => {
  cleanup();
  useAuth.setState({ user: null, loggedIn: false });
});

function renderMenu(username = "alice") {
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username, content: { user_root_node_id: 1 }, created_at: "" },
  });
  render(
    <Providers>
      <MemoryRouter initialEntries={["/"]}>
        <Routes>
          <Route path="/" element={<UserMenu />} />
          <Route path="/trash" element={<p>回收站页面</p>} />
          <Route path="/friends" element={<p>我的好友页面</p>} />
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

  it("holds 我的好友, which opens /friends", async () => {
    renderMenu();
    fireEvent.keyDown(screen.getByRole("button", { name: "alice" }), { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "我的好友" }));
    expect(await screen.findByText("我的好友页面")).toBeTruthy();
  });

  it("draws the initial on one of six header colours, the sixth one cards never use", () => {
    const rgb = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
    };
    // The initial Y (code point 89) takes the sixth colour: 89 % 6 = 5.
    renderMenu("yolanda");
    const avatar = screen
      .getByRole("button", { name: "yolanda" })
      .querySelector(".ant-avatar") as HTMLElement;
    expect(avatar.textContent).toBe("Y");
    expect(avatar.style.backgroundColor).toBe(rgb(HEADER_AVATAR_COLORS[5]));
    expect(CARD_AVATAR_COLORS.map(rgb)).not.toContain(avatar.style.backgroundColor);
  });
});
