import type { UserNodeJson, UserStats } from "@zhishu/shared";

/** The four counts a card may show (people-spec 2), in its order. */
export const CARD_STATS = ["friends_count", "groups_count", "followers_count", "following_count"] as const;
export type CardStat = (typeof CARD_STATS)[number];

/** The counts to show: zero values are hidden (people-spec 2 "User card"). */
export function shownStats(stats: Partial<UserStats> | undefined): { key: CardStat; value: number }[] {
  return CARD_STATS.map((key) => ({ key, value: stats?.[key] ?? 0 })).filter((stat) => stat.value > 0);
}

export type CardAction =
  | "view"
  | "message"
  | "join"
  | "addFriend"
  | "follow"
  | "unfollow"
  | "removeFriend"
  | "leave"
  | "block"
  | "unblock";

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
  return [...actions, ...relationActions(user, myId)];
}

/**
 * The actions that change how one stands to a user, from the `relationship` the server sent (none on
 * one's own node, so none to oneself): 关注 / 取消关注 (not offered to someone who blocked one: the server
 * refuses, 403); 删除好友 for a friend; 退出群组 for a group one is in and does not own (the owner cannot
 * leave, 409); 拉黑 / 取消拉黑 for people only (the server blocks only people).
 */
function relationActions(user: UserNodeJson, myId: number | undefined): CardAction[] {
  const relationship = user.relationship;
  if (!relationship || user.id === myId) return [];
  const type = user.content.user_type;
  const actions: CardAction[] = [];
  if (relationship.is_following) actions.push("unfollow");
  else if (!relationship.blocked_by) actions.push("follow");
  if (relationship.is_friend) actions.push("removeFriend");
  if (type === "GROUP" && relationship.is_member && user.content.owner_id !== myId) actions.push("leave");
  if (type === "PERSON") actions.push(relationship.blocked ? "unblock" : "block");
  return actions;
}
