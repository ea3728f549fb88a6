import type { UserNodeJson } from "@zhishu/shared";
import { UserActions } from "./UserActions";
import { UserSummary } from "./UserSummary";
import "./user.css";

interface Props {
  user: UserNodeJson;
  /** `large` on a profile, `small` in lists. */
  size?: "large" | "small";
}

/**
 * The user card of people-spec 2, wherever a user appears: avatar (or the initial on one of five
 * colours), name, type label, description, the non-zero counts, and the action menu.
 */
export function UserCard({ user, size = "small" }: Props) {
  const large = size === "large";
  return (
    <article className={`user-card user-card-${size}`} aria-label={user.name}>
      <UserSummary user={user} nameAs={large ? "title" : "link"} avatarSize={large ? 64 : 40} />
      <UserActions user={user} />
    </article>
  );
}
