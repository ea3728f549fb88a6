import type { UserNodeJson, UserStats } from "@zhishu/shared";

/** The four counts a card may show (people-spec 2), in its order. */
export const CARD_STATS = ["friends_count", "groups_count", "followers_count", "following_count"] as const;
export type CardStat = (typeof CARD_STATS)[number];

/** The counts to show: zero values are hidden (people-spec 2 "User card"). */
export function shownStats(stats: Partial<UserStats> | undefined): { key: CardStat; value: number }[] {
  return CARD_STATS.map((key) => ({ key, value: stats?.[key] ?? 0 })).filter((stat) => stat.value > 0);
}

export type CardAction = "view" | "message" | "join" | "addFriend";

/**
 * The card's action menu (people-spec 2): 查看资料 always; 发消息 when a dialogue can be opened (not to
 * oneself); 加入群组 for a group one is not in; 添加好友 for a person who is not oneself, not yet a
 * friend and has no request open with one either way (the server would refuse a second: 409). An AI
 * user gets neither, as the server only takes friend requests to people.
 */
export function cardActions(user: UserNodeJson, myId: number | undefined, canMessage: boolean): CardAction[] {
  const self = user.id === myId;
  const actions: CardAction[] = ["view"];
  if (canMessage && !self) actions.push("message");
  const type = user.content.user_type;
  if (type === "GROUP" && !user.relationship?.is_member && !self) actions.push("join");
  const relationship = user.relationship;
  if (type === "PERSON" && !self && !relationship?.is_friend && relationship?.pending_request_id == null)
    actions.push("addFriend");
  return actions;
}
