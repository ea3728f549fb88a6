import { avatarColor, avatarInitial, HEADER_AVATAR_COLORS } from "@zhishu/shared";
import { Avatar, Dropdown } from "antd";
import { useNavigate } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";

/** The header avatar: its initial on one of six colours by the first letter; opens the profile; 回收站, 退出登录. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Dropdown
      menu={{
        items: [
          { key: "trash", label: zh.trash.menu, onClick: () => void navigate("/trash") },
          { key: "logout", label: zh.logout, onClick: () => void logout() },
        ],
      }}
      placement="bottomRight"
    >
      <button
        type="button"
        aria-label={user.username}
        onClick={() => navigate(`/user/${user.id}`)}
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
