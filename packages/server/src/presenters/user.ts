import type { UserJson } from "@zhishu/shared";
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
