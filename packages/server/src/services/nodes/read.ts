import { type DnodeJson, MESSAGES } from "@zhishu/shared";
import { and, eq, inArray, is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import type { DnodeWithExtras } from "../../db/node-rows";
import { preparedForIds } from "../../db/prepared-sql";
import { anchorSetting } from "../../db/schema";
import { notFound } from "../../errors";
import { type NodeRights, rightsOfLoaded } from "../../policies/node";
import { authorizedNode, loadNodeRows } from "../../policies/node-access";
import { presentDnode, presentLockedDnode } from "../../presenters/dnode";
import { dialogueReaderViews, type ReaderView } from "../dialogues/reader-fields";
import { type RelationGroup, relationGroups } from "../graph/relation-groups";
import { processTotals } from "../processes/totals";
import { inheritedGroups } from "./inheritance";

/**
 * Presents rows the caller may read, in the order given, with relation groups from one batch query and
 * the caller's rights from one rights query. Rows the caller may not read are dropped, or with
 * `{locked: true}` shown as a placeholder that carries the id and nothing of the name or content.
 */
export async function presentNodes(
  db: Db | Tx,
  userId: number | null,
  rows: DnodeWithExtras[],
  options: {
    locked?: boolean;
    rights?: Map<number, NodeRights>;
    /** Read before the rights were known (`getCreatedNode`): the groups of every row, the published trees. */
    groups?: Map<number, Record<string, RelationGroup>>;
    published?: Set<number>;
  } = {},
): Promise<DnodeJson[]> {
  const rights = options.rights ?? (await rightsOfLoaded(db, userId, rows));
  const rightsOf = (row: DnodeWithExtras): NodeRights => rights.get(row.id)!;
  const readable = rows.filter((row) => rightsOf(row).read);
  const processIds = readable.filter((row) => row.type === "PROCESS").map((row) => row.id);
  const dialogues = userId === null ? [] : readable.filter((row) => row.type === "DIALOGUE");
  const [groups, inherited, published, totals, readerViews] = await Promise.all([
    options.groups ??
      relationGroups(
        db,
        readable.map((row) => row.id),
      ),
    inheritedGroups(db, userId, readable),
    options.published ??
      publishedAnchors(
        db,
        readable.map((row) => row.anchorId),
      ),
    processTotals(db, processIds),
    dialogues.length > 0
      ? dialogueReaderViews(db, userId as number, dialogues)
      : new Map<number, ReaderView>(),
  ]);
  const shown = options.locked ? rows : readable;
  return shown.map((row) => {
    if (!rightsOf(row).read) return presentLockedDnode(row.id);
    const own = groups.get(row.id) ?? {};
    const inheritance = inherited.get(row.id);
    const relations = inheritance ? { ...own, inheritances: inheritance.inheritances } : own;
    const isPublic = row.anchorId !== null && published.has(row.anchorId);
    const timed = totals.get(row.id);
    const reader = readerViews.get(row.id);
    // A process's totals are computed on read (never stored), as of now: see processes/totals.ts; a
    // dialogue's unread count, mode and people are the reader's own: see dialogues/reader-fields.ts.
    const shownRow = timed
      ? { ...row, content: { ...row.content, total_time: timed.total, inserted_time: timed.inserted } }
      : reader
        ? { ...row, name: reader.name ?? row.name, content: { ...row.content, ...reader.fields } }
        : row;
    const json = presentDnode(shownRow, relations, rightsOf(row), isPublic);
    return inheritance ? { ...json, inheritance_groups: inheritance.byName } : json;
  });
}

/** Presents the nodes of these ids the caller may read, in the order given. */
export async function presentNodeIds(
  db: Db | Tx,
  userId: number | null,
  ids: number[],
): Promise<DnodeJson[]> {
  const rows = await loadNodeRows(db, ids, userId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return presentNodes(
    db,
    userId,
    ids.map((id) => byId.get(id)).filter((r) => r !== undefined),
    { rights: await rightsOfLoaded(db, userId, rows) },
  );
}

/** Which of these trees are published, in one query. */
async function publishedAnchors(db: Db | Tx, anchorIds: (number | null)[]): Promise<Set<number>> {
  const ids = [...new Set(anchorIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Set();
  const rows = is(db, PgTransaction)
    ? await db
        .select({ id: anchorSetting.anchorId })
        .from(anchorSetting)
        .where(and(inArray(anchorSetting.anchorId, ids), eq(anchorSetting.isPublic, true)))
    : await publishedAmong(db as Db, ids);
  return new Set(rows.map((row) => row.id));
}

// The same read for the pool, built once and sent as a named statement (issue 18 point 2: every node
// answer asks it).
const publishedAmong = preparedForIds<{ id: number }>(
  "published_anchors",
  (idsAre) => sql`select anchor_id as id from anchor_setting where ${idsAre(sql`anchor_id`)} and is_public`,
);

/** GET /api/dnode/{id}: the node with its groups; 404 / 403 as the policy says. */
export async function getNode(db: Db, userId: number | null, id: number): Promise<DnodeJson> {
  const { row, rights } = await authorizedNode(db, userId, id, "read");
  const [json] = await presentNodes(db, userId, [row], { rights: new Map([[id, rights]]) });
  if (!json) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  return json;
}

/**
 * A node just created, answered as GET /api/dnode/{id} would answer it. When the creation told its tree
 * (`anchorId`, from the one-statement insert) the node row, its groups and its tree's publishing are read
 * side by side instead of the row first: one round trip fewer per insert (issue 18).
 */
export async function getCreatedNode(
  db: Db,
  userId: number,
  id: number,
  anchorId: number | null | undefined,
): Promise<DnodeJson> {
  if (anchorId === undefined) return getNode(db, userId, id);
  const [{ row, rights }, groups, published] = await Promise.all([
    authorizedNode(db, userId, id, "read"),
    relationGroups(db, [id]),
    publishedAnchors(db, [anchorId]),
  ]);
  // The row's own tree decides; were it another (it is not on that path), read that one's publishing.
  const sameTree = row.anchorId === anchorId;
  const [json] = await presentNodes(db, userId, [row], {
    rights: new Map([[id, rights]]),
    groups,
    published: sameTree ? published : undefined,
  });
  if (!json) throw notFound(MESSAGES.nodeNotFound, "NODE_NOT_FOUND");
  return json;
}
