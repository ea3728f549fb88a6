import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { dnode, users } from "./schema";

// Dialogues (issue 17, people-spec 3 "Dialogue node content", 4 "Draft AskProcess"). The DIALOGUE dnode
// is what people see (its content, its CHAT / RESOURCE / … relations); these rows are the authority
// behind it: who takes part, each reader's unread count, the logical id, each person's one draft.

/**
 * A DIALOGUE node's fixed facts. `logic_id` (UserChats_<sorted ids>, UserAiChats_<id>) is unique, so
 * find-or-create answers the same dialogue every time, however many calls race.
 */
export const dialogue = pgTable(
  "dialogue",
  {
    nodeId: integer("node_id")
      .primaryKey()
      .references(() => dnode.id, { onDelete: "cascade" }),
    dialogueType: text("dialogue_type").notNull(),
    logicId: text("logic_id"),
    /** A group chat made for a GROUP user: its members took part when it was made. */
    groupId: integer("group_id").references(() => users.id, { onDelete: "set null" }),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dialogue_logic_id_key").on(t.logicId).where(sql`${t.logicId} is not null`)],
);

/**
 * One participant of a dialogue, with what is theirs alone: how many messages they have not read, and
 * the dialogue's last activity copied here so /api/dialogue/messages/ is one index range scan per
 * reader (newest first), however many dialogues they have.
 */
export const dialogueParticipant = pgTable(
  "dialogue_participant",
  {
    dialogueId: integer("dialogue_id")
      .notNull()
      .references(() => dialogue.nodeId, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadAt: timestamp("last_read_at", { withTimezone: true, mode: "date" }),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dialogueId, t.userId] }),
    index("dialogue_participant_inbox_idx").on(t.userId, t.lastActivityAt.desc(), t.dialogueId.desc()),
  ],
);

/**
 * The one draft AskProcess of each participant in each dialogue: the primary key makes a second draft
 * impossible, so concurrent GET …/draft/ calls all answer the same node.
 */
export const dialogueDraft = pgTable(
  "dialogue_draft",
  {
    dialogueId: integer("dialogue_id")
      .notNull()
      .references(() => dialogue.nodeId, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nodeId: integer("node_id")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.dialogueId, t.userId] }),
    uniqueIndex("dialogue_draft_node_key").on(t.nodeId),
  ],
);
