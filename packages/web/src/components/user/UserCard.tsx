import type { UserNodeJson } from "@zhishu/shared";
import { useState } from "react";
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
  // The node an action answered, shown at once; the list or page that passed `user` reads it again
  // (every people query is invalidated), and a new `user` from there wins.
  const [answered, setAnswered] = useState<{ given: UserNodeJson; node: UserNodeJson } | null>(null);
  const shown = answered?.given === user ? answered.node : user;
  return (
    <article className={`user-card user-card-${size}`} aria-label={shown.name}>
      <UserSummary user={shown} nameAs={large ? "title" : "link"} avatarSize={large ? 64 : 40} />
      <UserActions user={shown} onChanged={(node) => setAnswered({ given: user, node })} />
    </article>
  );
}
