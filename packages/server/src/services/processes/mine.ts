import {
  DEFAULT_POLL_INTERVAL_S,
  type MyProcessesQuery,
  type MyProcessesResponse,
  WS_PROCESSES_PATH,
} from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { presentNodeIds } from "../nodes/read";

/**
 * A process concerns a person when it is theirs, aimed at them, delegated by or to them, or in their
 * dialogue (workspace-spec 3: target_user_id, requester_id, delegator_id, persons; people-spec 4).
 */
const concerns = (userId: number): SQL => sql`(d.owner_id = ${userId} or d.creator_id = ${userId}
  or d.content->>'target_user_id' = ${String(userId)}
  or d.content->>'requester_id' = ${String(userId)}
  or d.content->>'delegator_id' = ${String(userId)}
  or coalesce(d.content->'persons', '[]'::jsonb) @> ${JSON.stringify([userId])}::jsonb
  or coalesce(d.content->'participants', '[]'::jsonb) @> ${JSON.stringify([userId])}::jsonb)`;

/** Not a draft: drafts are never listed (people-spec 4 "Draft AskProcess"). */
const NOT_DRAFT = sql`coalesce(d.content->>'self_status', 'draft') <> 'draft'`;

/**
 * GET /api/process/my_processes/: the processes that concern the caller, updated after `updated_after`,
 * newest first, a page at a time, only what the caller may read; and whether the client should keep
 * polling or switch to the websocket (it should when something is going on: new results, or a process of
 * theirs running).
 */
export async function myProcesses(
  db: Db,
  userId: number,
  query: MyProcessesQuery,
): Promise<MyProcessesResponse> {
  const filters: SQL[] = [sql`d.type = 'PROCESS'`, NOT_DRAFT, concerns(userId)];
  if (query.updated_after) filters.push(sql`d.updated_at > ${new Date(query.updated_after).toISOString()}`);
  if (query.dialogue_id) filters.push(sql`d.content->>'dialogue_id' = ${String(query.dialogue_id)}`);
  if (query.related_user_id) {
    const other = query.related_user_id;
    filters.push(sql`(d.owner_id = ${other} or d.content->>'target_user_id' = ${String(other)}
      or d.content->>'requester_id' = ${String(other)} or d.content->>'delegator_id' = ${String(other)}
      or coalesce(d.content->'persons', '[]'::jsonb) @> ${JSON.stringify([other])}::jsonb)`);
  }
  const where = sql.join(filters, sql` and `);
  const [page, counted, running] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select d.id from dnode d where ${where} order by d.updated_at desc, d.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    queryRows<{ count: number | string }>(db, sql`select count(*) as count from dnode d where ${where}`),
    queryRows<{ id: number }>(
      db,
      sql`select d.id from dnode d where d.type = 'PROCESS' and d.owner_id = ${userId}
          and d.content->>'self_status' in ('running', 'sub_running') limit 1`,
    ),
  ]);
  const results = await presentNodeIds(
    db,
    userId,
    page.map((row) => Number(row.id)),
  );
  const busy = running.length > 0 || (query.updated_after !== undefined && results.length > 0);
  return {
    results,
    count: Number(counted[0]?.count ?? 0),
    suggested_mode: busy ? "websocket" : "polling",
    next_poll_interval: DEFAULT_POLL_INTERVAL_S,
    websocket_url: WS_PROCESSES_PATH,
  };
}
