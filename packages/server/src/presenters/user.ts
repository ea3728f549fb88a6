import {
  USER_TYPES,
  type UserJson,
  type UserNodeJson,
  type UserRelationship,
  type UserStats,
  type UserType,
} from "@zhishu/shared";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

// Profile keys anyone may see; everything else in content stays private to its owner.
const PUBLIC_CONTENT_KEYS = ["avatar_url", "description", "ai_agent_id", "display_name"] as const;

const userTypeOf = (row: UserRow): UserType =>
  USER_TYPES.includes(row.userType as UserType) ? (row.userType as UserType) : "PERSON";

function publicContent(row: UserRow): UserJson["content"] {
  const content: UserJson["content"] = { user_root_node_id: row.rootNodeId, user_type: userTypeOf(row) };
  for (const key of PUBLIC_CONTENT_KEYS) {
    if (row.content[key] !== undefined) (content as Record<string, unknown>)[key] = row.content[key];
  }
  return content;
}

/** A user as the user themself sees it: with email, never the password hash. */
export function presentSelf(row: UserRow): UserJson {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    content: publicContent(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** A user as anyone else sees it: public fields only. */
export function presentPublicUser(row: UserRow): UserJson {
  return {
    id: row.id,
    username: row.username,
    content: publicContent(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** The name a user card shows: the display name when set, else the user name. */
export function displayName(row: UserRow): string {
  const name = row.content.display_name;
  return typeof name === "string" && name.trim() ? name : row.username;
}

/**
 * A user's virtual USER node (people-spec 3 "User search result", 7 /user/virtual-node/): the same shape
 * for profiles, relation lists and search results. Stats are counted by the caller (on read).
 */
export function presentUserNode(
  row: UserRow,
  stats: UserStats,
  relationship?: UserRelationship,
): UserNodeJson {
  const content = row.content as { description?: unknown; avatar_url?: unknown; owner_id?: unknown };
  const userType = userTypeOf(row);
  return {
    id: row.id,
    type: "USER",
    name: displayName(row),
    username: row.username,
    content: {
      user_id: row.id,
      user_type: userType,
      ...(typeof content.description === "string" && content.description
        ? { description: content.description }
        : {}),
      ...(typeof content.avatar_url === "string" && content.avatar_url
        ? { avatar_url: content.avatar_url }
        : {}),
      stats,
      ...(typeof content.owner_id === "number" ? { owner_id: content.owner_id } : {}),
    },
    ...(relationship ? { relationship } : {}),
    created_at: row.createdAt.toISOString(),
  };
}
