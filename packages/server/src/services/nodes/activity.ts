import { BRIEF_PROCESS_FIELDS, type BriefDnode, parseShanghaiTime } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { readableSql } from "../../policies/node";
import { notDialogueDraft } from "../dialogues/draft-filter";
import { processTreeJsonSql, type TreeRow, totalsFromTree } from "../processes/totals";

interface Row {
  id: number;
  name: string;
  type: string;
  parent_id: number | null;
  created_at: string;
  finished_at: string | null;
  content: Record<string, unknown>;
}

const iso = (value: string) => new Date(value).toISOString();

/** What /xingwei shows of a process's content: its clock and status fields, and its totals. */
function briefContent(row: Row, totals: { total: number; inserted: number } | undefined) {
  if (row.type !== "PROCESS") return {};
  const content: Record<string, unknown> = {};
  for (const field of BRIEF_PROCESS_FIELDS)
    if (row.content[field] !== undefined && row.content[field] !== null) content[field] = row.content[field];
  // A friend request's shown status reads its result; any other process's result is text the page omits.
  if (row.content.xtype === "FriendRequestProcess" && row.content.result !== undefined)
    content.result = row.content.result;
  if (totals) Object.assign(content, { total_time: totals.total, inserted_time: totals.inserted });
  return content;
}

/**
 * GET /api/dnode/my_dnodes_by_date_range/brief: the nodes the caller created in [start, end) (times as
 * my_dnodes_by_date_range takes them), newest first, at most `limit`, as the light rows /xingwei shows.
 *
 * One statement: the caller's reach is the filter (their own trees and the trees granted whole, so every
 * node it lets through is readable), and the page's rows and its processes' trees (for their totals) come
 * back as two JSON values. PGlite's cost is in each row and field it hands over: 2,000 rows of columns
 * cost several times the same data as one value.
 */
export async function myBriefNodesByDateRange(
  db: Db,
  userId: number,
  range: { start_date: string; end_date: string; limit: number },
): Promise<BriefDnode[]> {
  const from = new Date(parseShanghaiTime(range.start_date)).toISOString();
  const to = new Date(parseShanghaiTime(range.end_date)).toISOString();
  const [answer] = await queryRows<{ rows: Row[] | null; tree: TreeRow[] }>(
    db,
    sql`with page as materialized (
          select dnode.id, dnode.name, dnode.type, dnode.parent_id, dnode.created_at, dnode.finished_at, dnode.content
          from dnode
          where dnode.creator_id = ${userId} and ${readableSql(userId)} and dnode.type <> 'USER' and ${notDialogueDraft}
            and dnode.created_at >= ${from} and dnode.created_at < ${to}
          order by dnode.created_at desc, dnode.id desc
          limit ${range.limit})
        select (select json_agg(page order by page.created_at desc, page.id desc) from page) as rows,
          ${processTreeJsonSql(sql`select id from page where type = 'PROCESS'`)} as tree`,
  );
  const rows = answer?.rows ?? [];
  const totals = totalsFromTree(
    answer?.tree ?? [],
    rows.filter((row) => row.type === "PROCESS").map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    parent_id: row.parent_id,
    created_at: iso(row.created_at),
    finished_at: row.finished_at === null ? null : iso(row.finished_at),
    content: briefContent(row, totals.get(row.id)),
  }));
}
