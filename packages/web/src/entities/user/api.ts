import type { UserActionResponse, UserNodeJson, UserRelationsPage } from "@zhishu/shared";
import { api } from "../../api/client";
import { type ActionAnswer, nodeApi } from "../dnode/node-api";
import type { Dnode } from "../dnode/types";

/** The lists /friends offers (people-spec 2 "My friends page"), in the order it shows them. */
export const FRIENDS_PAGE_RELATIONS = ["FRIEND", "GROUP", "FOLLOWER", "FOLLOWING"] as const;
export type FriendsPageRelation = (typeof FRIENDS_PAGE_RELATIONS)[number];

/** People-spec 9: the user search modal asks for 20 people (the dialogue creator for 10). */
export const USER_SEARCH_LIMIT = 20;
/** People-spec 9: the search waits 300 ms after the last key. */
export const USER_SEARCH_DEBOUNCE_MS = 300;
/** A page of a relation list. */
export const RELATION_PAGE_SIZE = 20;
/**
 * How many of the caller's newest processes are read to find the friend requests waiting for them:
 * my_processes has no filter by kind, and 100 is its largest page.
 */
export const INCOMING_SCAN_SIZE = 100;

/** GET /api/user/virtual-node/relations/: the shared contract's page. */
export type RelationsPage = UserRelationsPage;

/** What POST /api/dnode/call_action/{id}/{accept_friend|reject_friend} answers. */
export type DecisionAnswer = Pick<ActionAnswer, "success" | "message" | "dnodes">;

export type FriendDecision = "accept_friend" | "reject_friend";

/** What follow, unfollow, block, unblock, friend/remove and group leave answer: the other user's node, anew. */
export type UserActionAnswer = UserActionResponse;

/** The toggles of POST /api/user/{follow|unfollow|block|unblock}/ {user_id}. */
export type UserToggle = "follow" | "unfollow" | "block" | "unblock";

/** What PUT /api/user/me/ takes for the profile (docs/API.md "People": display name ≤ 32, empty = user name). */
export interface ProfileEdit {
  display_name: string;
  description: string;
  avatar_url: string;
}

/** The friend requests among the caller's newest processes, newest first (my_processes has no filter by kind). */
async function myFriendRequests(): Promise<Dnode[]> {
  const page = await api.get<{ results: Dnode[] }>("/process/my_processes/", {
    page: 1,
    page_size: INCOMING_SCAN_SIZE,
  });
  return page.results.filter((node) => node.content.xtype === "FriendRequestProcess");
}

/** Every people call of the web app (docs/API.md "People"), typed. */
export const userApi = {
  /** The caller's own profile node. */
  me: () => api.get<UserNodeJson>("/user/virtual-node/current/"),
  /** A user's profile node, with how the caller stands to them. */
  node: (userId: number) => api.get<UserNodeJson>("/user/virtual-node/", { user_id: userId }),
  relations: (userId: number, relationType: string, page = 1) =>
    api.get<RelationsPage>("/user/virtual-node/relations/", {
      user_id: userId,
      relation_type: relationType,
      page,
      page_size: RELATION_PAGE_SIZE,
    }),
  search: (q: string, limit = USER_SEARCH_LIMIT) => api.get<UserNodeJson[]>("/user/search/", { q, limit }),
  sendFriendRequest: (userId: number, greeting: string) =>
    api.post<{ success: boolean; message: string; process_id: number }>("/user/friend/request/", {
      user_id: userId,
      greeting_message: greeting,
    }),
  createGroup: (name: string, description: string) =>
    api.post<{ success: boolean; message: string; group: UserNodeJson }>("/user/group/", {
      group_name: name,
      description,
    }),
  joinGroup: (groupId: number) =>
    api.post<{ success: boolean; message: string; user: UserNodeJson }>(`/user/group/${groupId}/join/`),
  toggle: (action: UserToggle, userId: number) =>
    api.post<UserActionAnswer>(`/user/${action}/`, { user_id: userId }),
  removeFriend: (userId: number) => api.post<UserActionAnswer>("/user/friend/remove/", { user_id: userId }),
  leaveGroup: (groupId: number) => api.post<UserActionAnswer>(`/user/group/${groupId}/leave/`),
  /** Edits the caller's own profile; answers the account (GET /api/user/me/ shape). */
  updateProfile: (edit: ProfileEdit) => api.put<unknown>("/user/me/", { content: edit }),
  decide: (processId: number, decision: FriendDecision) =>
    nodeApi.callAction<DecisionAnswer>(processId, decision, {}),
  /** The friend requests aimed at the caller (open or decided), newest first, among their newest processes. */
  incomingRequests: async (myId: number): Promise<Dnode[]> =>
    (await myFriendRequests()).filter((node) => Number(node.content.target_user_id) === myId),
  /** The friend requests the caller sent (open or decided), newest first, among their newest processes. */
  sentRequests: async (myId: number): Promise<Dnode[]> =>
    (await myFriendRequests()).filter((node) => Number(node.content.requester_id) === myId),
};
