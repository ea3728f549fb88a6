import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL tsvector, filled by the search service (character n-grams and pinyin). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

/** People and their login; the profile that others see lives in `content`. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull().default({}),
    rootNodeId: integer("root_node_id"),
    /**
     * The name as compared: NFKC (full-width letters become plain ones) and lower case, set by the
     * server. Null only for old accounts whose name collided with an earlier one's when it was added.
     */
    usernameKey: text("username_key"),
    /** The e-mail address as compared (trimmed, lower case); null as above for old duplicates. */
    emailKey: text("email_key"),
    /** PERSON (signs in), GROUP (made by POST /api/user/group/, never signs in) or AI (people-spec 6). */
    userType: text("user_type").notNull().default("PERSON"),
    /** Name lexemes (characters, bigrams, pinyin and initials) for user search; null until first set. */
    searchVector: tsvector("search_vector"),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account name.
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    // …and regardless of width and compatibility forms: "ａｌｉｃｅ" is "alice" too.
    uniqueIndex("users_username_key_key").on(t.usernameKey).where(sql`${t.usernameKey} is not null`),
    uniqueIndex("users_email_key_key").on(t.emailKey).where(sql`${t.emailKey} is not null`),
    index("users_search_idx").using("gin", t.searchVector),
  ],
);

/** A typed node of the knowledge graph (workspace-spec 3 "Dnode"). */
export const dnode = pgTable(
  "dnode",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().default(""),
    type: text("type").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull().default({}),
    parentId: integer("parent_id"),
    mainRelation: text("main_relation"),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    srcId: integer("src_id"),
    srcVersion: integer("src_version"),
    version: integer("version").notNull().default(1),
    // The root of the shared tree this node belongs to; a root is its own anchor.
    anchorId: integer("anchor_id"),
    order: doublePrecision("order"),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    isDeleted: boolean("is_deleted").notNull().default(false),
    searchVector: tsvector("search_vector"),
    ...timestamps,
  },
  (t) => [
    index("dnode_owner_idx").on(t.ownerId, t.createdAt),
    index("dnode_owner_updated_idx").on(t.ownerId, t.updatedAt),
    index("dnode_src_idx").on(t.srcId),
    index("dnode_search_idx").using("gin", t.searchVector),
    // Exact and prefix name matches rank first in search. Their indexes, dnode_owner_name_prefix_idx and
    // dnode_anchor_name_prefix_idx (migration 0016), cover the ranking's columns (INCLUDE, which Drizzle
    // cannot express), so a common 2-character prefix is ranked from the index alone at 1M nodes.
    // Finds the REF nodes pointing at a node, so deleting it deletes them (workspace-spec 4).
    index("dnode_ref_idx").on(sql`(${t.content}->>'ref_id')`).where(sql`${t.type} = 'REF'`),
    index("dnode_anchor_idx").on(t.anchorId),
    index("dnode_parent_idx").on(t.parentId),
    // What a person made in a time range (the behaviour timeline, /xingwei).
    index("dnode_creator_created_idx").on(t.creatorId, t.createdAt),
    // The child processes of a process (what totals walk down): only PROCESS rows hanging by SUBPROCESS or
    // CHILD_NODE, so the index stays small however many other rows share a parent — a dialogue's 100,000
    // messages hang by CHAT — and the planner takes it where the plain parent index looked too costly.
    index("dnode_process_children_idx")
      .on(t.parentId)
      .where(sql`${t.type} = 'PROCESS' and ${t.mainRelation} in ('SUBPROCESS', 'CHILD_NODE')`),
    // The executing processes under a parent: the status machine reads only these, however many siblings.
    index("dnode_executing_process_idx")
      .on(t.parentId)
      .where(sql`${t.type} = 'PROCESS' and (${t.content}->>'self_status') in ('running', 'sub_running')`),
  ],
);

/** Failed login counters per key (IP plus name, or IP), in fixed one-minute windows. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  count: integer("count").notNull(),
});

/**
 * A refresh token that may still be traded, by its `jti`. Tokens of one login share a family: a refresh
 * marks the old one used and issues the next; a used one shown again revokes the whole family.
 */
export const refreshToken = pgTable(
  "refresh_token",
  {
    id: text("id").primaryKey(),
    family: text("family").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("refresh_token_family_idx").on(t.family), index("refresh_token_expiry_idx").on(t.expiresAt)],
);

/** A background task (AI work later) whose progress streams over /ws/task/{id} to its owner only. */
export const task = pgTable("task", {
  id: text("id").primaryKey(),
  ownerId: integer("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status").notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A named, ordered link from x (owner side) to y (target): x's children under a relation are its rows
 * with that relation_name ordered by yorder; y's reverse list under it is ordered by xorder.
 */
export const dnodeRelation = pgTable(
  "dnode_relation",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    xnode: integer("xnode")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    ynode: integer("ynode")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    relationName: text("relation_name").notNull(),
    customRelation: integer("custom_relation"),
    xorder: doublePrecision("xorder").notNull().default(0),
    yorder: doublePrecision("yorder").notNull().default(0),
    key: text("key"),
    info: jsonb("info").$type<Record<string, unknown>>().notNull().default({}),
    showedSide: text("showed_side"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // id ends both keys because every listing orders by (order, id): the index then yields a page
    // without sorting the whole list.
    index("relation_children_idx").on(t.xnode, t.relationName, t.yorder, t.id).where(sql`not ${t.isDeleted}`),
    index("relation_parents_idx").on(t.ynode, t.relationName, t.xorder, t.id).where(sql`not ${t.isDeleted}`),
    // Lists read by time (a dialogue's CHAT page, order_by created_at either way): the newest 20 of a
    // 100,000-message dialogue are the end of one index range, not a sort of the whole list.
    index("relation_children_time_idx")
      .on(t.xnode, t.relationName, t.createdAt, t.id)
      .where(sql`not ${t.isDeleted}`),
    // One live link per pair and name: a second refer of the same node is refused, not doubled.
    uniqueIndex("relation_unique_live_idx")
      .on(t.xnode, t.ynode, t.relationName)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Earlier versions of a node, one row per update (GET /api/dnode/{id}/evolves). */
export const dnodeVersion = pgTable(
  "dnode_version",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    dnodeId: integer("dnode_id")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    editorId: integer("editor_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dnode_version_idx").on(t.dnodeId, t.version)],
);

/**
 * How many live links each node has per relation name and side, kept by a trigger on dnode_relation
 * (migration 0004), so a node with 10,000 children reports its group sizes without counting them.
 * side 'y': the node is the x side (its children); side 'x': the node is the y side (its parents).
 */
export const relationCount = pgTable(
  "relation_count",
  {
    node: integer("node").notNull(),
    side: text("side").notNull(),
    relationName: text("relation_name").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.node, t.side, t.relationName] })],
);

/** Per-tree settings; a row exists once a tree has been published (workspace-spec 3 "Anchor access info"). */
export const anchorSetting = pgTable(
  "anchor_setting",
  {
    anchorId: integer("anchor_id")
      .primaryKey()
      .references(() => dnode.id, { onDelete: "cascade" }),
    isPublic: boolean("is_public").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
  },
  // The public-knowledge page lists published trees newest first.
  (t) => [index("anchor_setting_public_idx").on(t.publishedAt).where(sql`${t.isPublic}`)],
);

/**
 * A grant of a level on a tree (workspace-spec 3 "Grant"): to one user, or to everyone signed in when
 * user_id is null (a "global permission"); narrowed to the subtree under descendent_id when set.
 */
export const anchorGrant = pgTable(
  "anchor_grant",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    anchorId: integer("anchor_id")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    authType: text("auth_type").notNull(),
    descendentId: integer("descendent_id").references(() => dnode.id, { onDelete: "cascade" }),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // One grant per tree, person (or everyone) and subtree: granting again changes the level.
    uniqueIndex("anchor_grant_key").on(
      t.anchorId,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.descendentId}, 0)`,
    ),
    index("anchor_grant_user_idx").on(t.userId, t.anchorId),
  ],
);

/** A per-node share (workspace-spec 3 "Node permission"): 访问 / 编辑 for one user on a node's whole subtree. */
export const dnodePermission = pgTable(
  "dnode_permission",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    dnodeId: integer("dnode_id")
      .notNull()
      .references(() => dnode.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    canRead: boolean("can_read").notNull().default(false),
    canWrite: boolean("can_write").notNull().default(false),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dnode_permission_key").on(t.dnodeId, t.userId),
    index("dnode_permission_user_idx").on(t.userId),
  ],
);

/** Each user's tab workspace (workspace-spec 2 "Tab workspace"), so it follows them between browsers. */
export const tabState = pgTable("tab_state", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  state: jsonb("state").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * What one transaction changed in the node graph, written in that transaction by the one writer of node
 * and relation rows (services/nodes/write.ts, services/graph/relation-rows.ts). After commit a NOTIFY
 * carries its id to every app server, whose live-update hub delivers it to the sockets allowed to see it.
 * Rows are short-lived: clients that were away resync from the data itself (`updated_after`), not from here.
 */
export const nodeEvent = pgTable(
  "node_event",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer("actor_id"),
    /** The browser tab whose request made the change (X-Client-Id): it gets no echo of its own change. */
    origin: text("origin"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Every node the transaction created, changed, moved or deleted, or whose links changed. */
    nodeIds: integer("node_ids").array().notNull(),
    /** The trees (anchors) those nodes belong to, before and after a move. */
    anchorIds: integer("anchor_ids").array().notNull(),
    /** [{kind, node_ids, anchor_ids, fields?, relation_ids?}] in the order they happened. */
    changes: jsonb("changes").$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [index("node_event_at_idx").on(t.at)],
);

/**
 * A deleted subtree kept for 30 days (回收站): the rows as they were (nodes, their links, versions, grants,
 * shares, publishing), so a restore puts them back with the same ids in their old place.
 */
export const trashItem = pgTable(
  "trash_item",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Deletes made by one call share a batch, so one 撤销 restores them all. */
    batchId: text("batch_id").notNull(),
    rootId: integer("root_id").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    nodeCount: integer("node_count").notNull(),
    /** The tree's owner and the person who deleted: both find it in their 回收站. */
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deletedBy: integer("deleted_by").references(() => users.id, { onDelete: "set null" }),
    parentId: integer("parent_id"),
    mainRelation: text("main_relation"),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("trash_owner_idx").on(t.ownerId, t.deletedAt),
    index("trash_deleter_idx").on(t.deletedBy, t.deletedAt),
    index("trash_batch_idx").on(t.batchId),
    index("trash_deleted_at_idx").on(t.deletedAt),
  ],
);

/**
 * A client's key for one node creation (the `Idempotency-Key` header of POST /api/dnode/create/): a
 * create replayed after its answer was lost finds its first node here instead of making a second one.
 * `node_id` stays null only inside the creating transaction. Keys older than a week are pruned.
 */
export const createKey = pgTable(
  "create_key",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    nodeId: integer("node_id"),
    relationId: integer("relation_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("create_key_created_idx").on(t.createdAt)],
);
