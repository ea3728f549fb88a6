import { TRASH_DAYS, type TrashListResponse } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { rightsOnIds } from "../../policies/node";

interface TrashListRow {
  id: number;
  batch_id: string;
  root_id: number;
  name: string;
  type: string;
  node_count: number;
  deleted_at: Date | string;
  deleted_by: number | null;
  deleter_name: string | null;
  owner_id: number;
  owner_name: string | null;
  parent_id: number | null;
  parent_name: string | null;
}

const DAY_MS = 24 * 3600 * 1000;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /api/trash/: what the caller deleted, and what was deleted from the caller's trees, newest first.
 * Each item says where a restore puts it back (its old parent, when that still exists).
 */
export async function listTrash(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<TrashListResponse> {
  const mine = sql`(t.owner_id = ${userId} or t.deleted_by = ${userId})`;
  const [rows, counted] = await Promise.all([
    queryRows<TrashListRow>(
      db,
      sql`select t.id, t.batch_id, t.root_id, t.name, t.type, t.node_count, t.deleted_at, t.deleted_by,
                 d.username as deleter_name, t.owner_id, o.username as owner_name, p.id as parent_id, p.name as parent_name
          from trash_item t
          left join users d on d.id = t.deleted_by
          left join users o on o.id = t.owner_id
          left join dnode p on p.id = t.parent_id
          where ${mine}
          order by t.deleted_at desc, t.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number | string }>(db, sql`select count(*) as total from trash_item t where ${mine}`),
  ]);
  // A place the caller can no longer read is named by its id only.
  const parentIds = rows
    .map((row) => row.parent_id)
    .filter((id) => id !== null)
    .map(Number);
  const rights = await rightsOnIds(db, userId, parentIds);
  const readable = (id: number) => rights.get(id)?.read === true;
  return {
    total: Number(counted[0]?.total ?? 0),
    results: rows.map((row) => ({
      id: Number(row.id),
      batch_id: row.batch_id,
      root_id: Number(row.root_id),
      name: row.name,
      type: row.type,
      node_count: Number(row.node_count),
      deleted_at: iso(row.deleted_at),
      expires_at: new Date(new Date(row.deleted_at).getTime() + TRASH_DAYS * DAY_MS).toISOString(),
      deleted_by:
        row.deleted_by === null ? null : { id: Number(row.deleted_by), username: row.deleter_name ?? "" },
      owner: { id: Number(row.owner_id), username: row.owner_name ?? "" },
      parent:
        row.parent_id === null
          ? null
          : {
              id: Number(row.parent_id),
              name: readable(Number(row.parent_id)) ? (row.parent_name ?? "") : "",
            },
    })),
  };
}
