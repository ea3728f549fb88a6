import { avatarColor, avatarInitial, HEADER_AVATAR_COLORS } from "@zhishu/shared";
import { Avatar, Dropdown } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";

/**
 * The header avatar: its initial on one of six colours by the first letter; a click opens the profile;
 * its menu (on hover, or ↓ on the focused avatar) holds 我的好友, 回收站 and 退出登录.
 */
export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      autoFocus
      menu={{
        items: [
          {
            key: "friends",
            label: zh.pages.friends,
            onClick: () => {
              setOpen(false);
              void navigate("/friends");
            },
          },
          {
            key: "trash",
            label: zh.trash.menu,
            onClick: () => {
              setOpen(false);
              void navigate("/trash");
            },
          },
          { key: "logout", label: zh.logout, onClick: () => void logout() },
        ],
      }}
      placement="bottomRight"
    >
      <button
        type="button"
        aria-label={user.username}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => navigate(`/user/${user.id}`)}
        onKeyDown={(event) => {
          // The menu opens on hover; from the keyboard, ↓ opens it with its first item focused.
          if (event.key !== "ArrowDown") return;
          event.preventDefault();
          setOpen(true);
        }}
        style={{ border: 0, background: "none", padding: 0, cursor: "pointer" }}
      >
        <Avatar
          style={{ backgroundColor: avatarColor(user.username, HEADER_AVATAR_COLORS) }}
          src={user.content.avatar_url || undefined}
        >
          {avatarInitial(user.username)}
        </Avatar>
      </button>
    </Dropdown>
  );
}
