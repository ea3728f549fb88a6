-- Search ranks names equal to or starting with the query first (services/search/search.ts), per readable
-- scope: the caller's own nodes, and trees granted to them. A common 2-character prefix matches 5% of a
-- 1M-node database; with lower(name) alone indexed, ranking those read ~50,000 scattered heap rows
-- (600 ms). These indexes lead with the scope and carry every column the ranking reads, so it is an
-- index-only scan (36 ms). INCLUDE is written by hand: Drizzle's index builder cannot express it.
CREATE INDEX IF NOT EXISTS "dnode_owner_name_prefix_idx" ON "dnode" ("owner_id", lower("name") text_pattern_ops) INCLUDE ("id", "name", "type", "updated_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dnode_anchor_name_prefix_idx" ON "dnode" ("anchor_id", lower("name") text_pattern_ops) INCLUDE ("id", "name", "type", "owner_id", "updated_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "dnode_name_prefix_idx";
