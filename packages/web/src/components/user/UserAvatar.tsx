import { avatarColor, avatarInitial, CARD_AVATAR_COLORS } from "@zhishu/shared";
import { Avatar } from "antd";

/**
 * A user's picture, or the initial of their name on one of the five card colours (people-spec 2 "User
 * card"; the header avatar has its own six in the user menu). Decorative: the name is always beside it.
 */
export function UserAvatar({ name, url, size = 40 }: { name: string; url?: string; size?: number }) {
  return (
    <Avatar
      aria-hidden
      size={size}
      src={url || undefined}
      style={{
        backgroundColor: avatarColor(name, CARD_AVATAR_COLORS),
        fontSize: Math.round(size * 0.45),
        flex: "none",
      }}
    >
      {avatarInitial(name)}
    </Avatar>
  );
}
