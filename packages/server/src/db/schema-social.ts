import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { dnode, users } from "./schema";

// People (issue 16, migration 0013): friendships, follows, blocks, group members and friend requests.
// Beside schema.ts, which holds the node graph and accounts; drizzle.config.ts reads both.

/**
 * A friendship, stored once per pair as (lower id, higher id): one row, so it cannot be half made, and the
 * primary key makes a second insert a no-op however many accepts race.
 */
export const userFriend = pgTable(
  "user_friend",
  {
    userLow: integer("user_low")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userHigh: integer("user_high")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index("user_friend_high_idx").on(t.userHigh, t.userLow),
    check("user_friend_ordered", sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** follower follows followee (people-spec 粉丝 / 关注). */
export const userFollow = pgTable(
  "user_follow",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("user_follow_followee_idx").on(t.followeeId, t.followerId),
  ],
);

/** blocker blocked blocked: no friend requests or follows from blocked to blocker; dialogues go blocked. */
export const userBlock = pgTable(
  "user_block",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_block_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** A member of a GROUP user (the MEMBER relation); role owner for its creator, else member. */
export const groupMember = pgTable(
  "group_member",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("group_member_user_idx").on(t.userId, t.groupId),
  ],
);

/**
 * The authority behind a FriendRequestProcess node (the node is what people see; its content can be
 * edited by its owner, this row cannot). At most one open request per pair, either way, by a unique
 * partial index; accept and reject move `status` from open in one conditional update.
 */
export const friendRequest = pgTable(
  "friend_request",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    nodeId: integer("node_id")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: integer("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("friend_request_node_key").on(t.nodeId),
    uniqueIndex("friend_request_open_pair_key")
      .on(sql`least(${t.requesterId}, ${t.targetId})`, sql`greatest(${t.requesterId}, ${t.targetId})`)
      .where(sql`${t.status} = 'open'`),
    index("friend_request_target_idx").on(t.targetId, t.status),
  ],
);
