import type { UserJson, UserSearchResult } from "@zhishu/shared";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

// Profile keys anyone may see; everything else in content stays private to its owner.
const PUBLIC_CONTENT_KEYS = ["avatar_url", "description", "ai_agent_id"] as const;

function publicContent(row: UserRow): UserJson["content"] {
  const content: UserJson["content"] = { user_root_node_id: row.rootNodeId };
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

/**
 * A user as a search result (people-spec 3). Friends, groups and followers arrive with the friends
 * issue; until then the stats are zero, which the card hides.
 */
export function presentSearchResult(row: UserRow): UserSearchResult {
  const content = row.content as { description?: string; avatar_url?: string };
  return {
    id: row.id,
    name: row.username,
    username: row.username,
    content: {
      user_id: row.id,
      user_type: "PERSON",
      ...(content.description ? { description: content.description } : {}),
      ...(content.avatar_url ? { avatar_url: content.avatar_url } : {}),
      stats: { friends_count: 0, groups_count: 0, followers_count: 0, following_count: 0 },
    },
  };
}
